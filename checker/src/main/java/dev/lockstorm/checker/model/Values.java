package dev.lockstorm.checker.model;

import java.util.Objects;

/** Equality of plain-data values, treating integral numbers of different boxes as equal. */
final class Values {
    private Values() {
    }

    static boolean same(Object a, Object b) {
        if (a instanceof Number x && b instanceof Number y) {
            if (isIntegral(x) && isIntegral(y)) return x.longValue() == y.longValue();
            return x.doubleValue() == y.doubleValue();
        }
        return Objects.equals(a, b);
    }

    private static boolean isIntegral(Number n) {
        return n instanceof Long || n instanceof Integer || n instanceof Short || n instanceof Byte;
    }
}
