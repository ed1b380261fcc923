package dev.lockstorm.clusters.ssh;

import dev.lockstorm.clusters.lab.LabException;

/**
 * A remote host could not be reached or could not do something; the message names the host and
 * what failed. A setup problem like the lab's (the CLI exits 3 on it).
 */
public final class SshException extends LabException {
    private final String what;

    public SshException(SshTarget host, String what) {
        super(host + ": " + what);
        this.what = what;
    }

    public SshException(SshTarget host, String what, Throwable cause) {
        super(host + ": " + what, cause);
        this.what = what;
    }

    /** What failed, without the host. */
    public String what() {
        return what;
    }
}
