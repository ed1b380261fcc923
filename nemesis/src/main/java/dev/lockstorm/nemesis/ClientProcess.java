package dev.lockstorm.nemesis;

import dev.lockstorm.clusters.lab.HostProcess;

/**
 * A lock client's process as the nemesis acts on it: its worker on a lab host, and its process
 * number in the history (the checker's name for it; a crashed client goes on under a new number).
 */
public record ClientProcess(HostProcess worker, int process) {
}
