package dev.lockstorm.clusters.lab;

/** The lab could not do something; the message says what and, where it can, how to fix it. */
public class LabException extends RuntimeException {
    public LabException(String message) {
        super(message);
    }

    public LabException(String message, Throwable cause) {
        super(message, cause);
    }
}
