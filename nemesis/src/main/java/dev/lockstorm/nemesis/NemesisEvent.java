package dev.lockstorm.nemesis;

/**
 * What the nemesis did, for the history: recorded as an {@code info} event of process
 * {@code "nemesis"} with this {@code f} (e.g. {@code start-partition}, {@code stop-partition})
 * and value.
 *
 * @param f     what happened
 * @param value details as plain data (maps, lists, strings, numbers)
 */
public record NemesisEvent(String f, Object value) {
}
