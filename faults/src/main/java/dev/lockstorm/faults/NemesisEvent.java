package dev.lockstorm.faults;

import java.util.Optional;

/**
 * The history's vocabulary of nemesis events ({@code process "nemesis"}, type {@code info}): one
 * word each, owned here, written by the nemesis and read by the checker and the report. A fault
 * that lasts is opened by one event and closed by its partner ({@link #span()} names what it is);
 * {@link #KILL_CLIENT} is a fault of an instant; {@link #LEADER}, {@link #MISSED} and {@link #RUN}
 * are the harness's facts, no faults at all. An event may also carry the fault's own name
 * ({@code "fault": "isolate-leader"}), the hosts it touched ({@code "hosts"}) and what it was aimed
 * at and hit ({@code "aimed_at": "holder"}).
 *
 * <pre>{@code
 * NemesisEvent.of(op.f()).filter(NemesisEvent::opens).ifPresent(e -> ...);
 * }</pre>
 */
public enum NemesisEvent {
    START_PARTITION("start-partition", Span.PARTITION, true),
    STOP_PARTITION("stop-partition", Span.PARTITION, false),
    START_PAUSE("start-pause", Span.PAUSE, true),
    STOP_PAUSE("stop-pause", Span.PAUSE, false),
    /** A server killed (-9); its value names the hosts. */
    KILL("kill", Span.KILL, true),
    /** A killed server started again on its data. */
    START("start", Span.KILL, false),
    /** Lossy links ({@code value}: {@code percent}, and {@code from}: each host and the hosts it loses packets from); the next one replaces it. */
    START_LOSS("start-loss", Span.LOSS, true),
    STOP_LOSS("stop-loss", Span.LOSS, false),
    /** Slow links ({@code value}: {@code kbit}, and {@code to}: each host and the hosts its packets to are slowed); the next one replaces it. */
    START_SLOW("start-slow", Span.SLOW, true),
    STOP_SLOW("stop-slow", Span.SLOW, false),
    /**
     * Delayed links ({@code value}: {@code ms}, {@code jitter_ms}, and {@code to}: each client and the
     * servers whose traffic with it waits that long each way); the next one replaces it.
     */
    START_DELAY("start-delay", Span.DELAY, true),
    STOP_DELAY("stop-delay", Span.DELAY, false),
    HOLD_RENEWALS("hold-renewals", Span.RENEWALS, true),
    RESUME_RENEWALS("resume-renewals", Span.RENEWALS, false),
    CLOCK_JUMP("clock-jump", Span.CLOCK, true),
    CLOCK_RATE("clock-rate", Span.CLOCK, true),
    START_CLOCK_STROBE("start-clock-strobe", Span.CLOCK, true),
    CLOCK_RESET("clock-reset", Span.CLOCK, false),
    /**
     * Client processes killed ({@code value}: their process numbers): each is dead from this event
     * on, whenever its driver noticed. A fault of an instant: nothing undoes it.
     */
    KILL_CLIENT("kill-client", null, true),
    /**
     * A fault that found nothing to hit ({@code value}: why, such as "no client held the lock"; its
     * {@code fault} names it): nothing was injected. No fault.
     */
    MISSED("missed", null, false),
    /** Who leads now ({@code value}: the host, or null): the harness's observation, no fault. */
    LEADER("leader", null, false),
    /**
     * The run's own facts, first in a history lockstorm recorded ({@code value}: {@code lease_ms},
     * {@code acquire_timeout_ms}, {@code op_timeout_ms}, …): what the coverage and the incidents'
     * causes measure holds and faults against. No fault.
     */
    RUN("run", null, false);

    /** The extra field of a {@code start-partition} that says how packets are refused ({@code reset}, {@code inbound}); absent: dropped silently. */
    public static final String CUT = "cut";

    /** The extra field that says what a fault was aimed at and hit ({@code "holder"}). */
    public static final String AIMED_AT = "aimed_at";

    /** What a lasting fault is, as its span is named: from the event that opens it to the one that closes it. */
    public enum Span {
        PARTITION, LOSS, SLOW, DELAY, PAUSE, KILL, RENEWALS, CLOCK;

        /** "partition", "pause", …: the span's kind in FaultSpan and the report. */
        public String word() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    private final String f;
    private final Span span;
    private final boolean opens;

    NemesisEvent(String f, Span span, boolean opens) {
        this.f = f;
        this.span = span;
        this.opens = opens;
    }

    /** The event's {@code f} in a history. */
    public String f() {
        return f;
    }

    /** The lasting fault it opens or closes; null for an instant's fault or an observation. */
    public Span span() {
        return span;
    }

    /** Whether it is a fact of the harness (who leads, a fault that missed, the run's own facts), no fault. */
    public boolean harnessFact() {
        return this == LEADER || this == MISSED || this == RUN;
    }

    /** Whether it starts a fault (rather than undoing one, or observing). */
    public boolean opens() {
        return opens;
    }

    /** The event that ends the lasting fault this one opens ({@code stop-loss} for {@code start-loss}); null for one that opens none. */
    public NemesisEvent closer() {
        if (!opens || span == null) return null;
        for (NemesisEvent e : values()) if (e.span == span && !e.opens) return e;
        return null;
    }

    /** The event named {@code f}; empty for a word outside the vocabulary (an imported history's own). */
    public static Optional<NemesisEvent> of(String f) {
        for (NemesisEvent e : values()) if (e.f.equals(f)) return Optional.of(e);
        return Optional.empty();
    }
}
