package dev.lockstorm.faults;

import java.util.Optional;

/**
 * A fault's own name as a history records it on its events ({@code "fault": "pause-at:after-get#2"}):
 * the nemesis kind that made it, and the step of the schedule a replay played it from. A kind aimed
 * at a checkpoint ({@code pause-at:NAME}, {@code kill-at:NAME}) names its point. Written by the
 * nemesis, read back by the checker (where a freeze was aimed), the replay (which step to play
 * again) and the report.
 *
 * <pre>{@code
 * FaultName.parse("pause-at:after-get#2").checkpoint();   // Optional[after-get]
 * }</pre>
 *
 * @param kind the nemesis kind's name ({@code pause-client}, {@code pause-at:after-get})
 * @param step the replayed schedule's step, from 1; {@link #NO_STEP} for a fault no replay played
 */
public record FaultName(String kind, int step) {
    /** The step of a fault no replay played. */
    public static final int NO_STEP = -1;
    /** The kinds aimed at a checkpoint: frozen there, or ended there as by kill -9. */
    public static final String PAUSE_AT = "pause-at:";
    public static final String KILL_AT = "kill-at:";

    /** The name {@code recorded} gives; one without a step ({@code #N}, N of up to six digits) has none. */
    public static FaultName parse(String recorded) {
        int hash = recorded.lastIndexOf('#');
        if (hash > 0 && recorded.substring(hash + 1).matches("\\d{1,6}")) {
            return new FaultName(recorded.substring(0, hash), Integer.parseInt(recorded.substring(hash + 1)));
        }
        return new FaultName(recorded, NO_STEP);
    }

    /** What a history records: the kind, then {@code #step} when a replay played it. */
    public String recorded() {
        return step == NO_STEP ? kind : kind + "#" + step;
    }

    /** The checkpoint the kind aims at ({@code pause-at:after-get}: {@code after-get}), or empty. */
    public Optional<String> checkpoint() {
        for (String aim : new String[]{PAUSE_AT, KILL_AT}) {
            if (kind.startsWith(aim) && kind.length() > aim.length()) return Optional.of(kind.substring(aim.length()));
        }
        return Optional.empty();
    }
}
