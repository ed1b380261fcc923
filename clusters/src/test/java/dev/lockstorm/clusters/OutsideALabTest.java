package dev.lockstorm.clusters;

import dev.lockstorm.clusters.lab.Lab;
import dev.lockstorm.clusters.lab.LabException;
import dev.lockstorm.clusters.lab.LabSpec;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Outside a lab, building one fails at once and says how to run it (unit tests run outside). */
@Tag("unit")
class OutsideALabTest {
    @Test
    void openingALabOutsideOneFailsWithHowToRunIt() {
        assertNull(System.getenv("LOCKSTORM_LAB"), "unit tests run outside a lab");
        LabException e = assertThrows(LabException.class, () -> Lab.open(new LabSpec(List.of("n1"), Path.of("target/none"))));
        assertTrue(e.getMessage().contains("not inside a lab") && e.getMessage().contains("bin/lab"), e.getMessage());
    }

    @Test
    void hostNamesAreChecked() {
        assertThrows(IllegalArgumentException.class, () -> new LabSpec(List.of("N1"), Path.of("x")));
        assertThrows(IllegalArgumentException.class, () -> new LabSpec(List.of("n1", "n1"), Path.of("x")));
        assertThrows(IllegalArgumentException.class, () -> new LabSpec(List.of("a-very-long-name"), Path.of("x")));
    }
}
