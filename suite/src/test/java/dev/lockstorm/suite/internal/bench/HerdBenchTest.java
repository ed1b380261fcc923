package dev.lockstorm.suite.internal.bench;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What the herd bench reads from ZooKeeper's four-letter words, and the page it writes. */
@Tag("unit")
class HerdBenchTest {
    @Test
    void mntrsNodeEventWatchCountsAreSummed() {
        String mntr = """
                zk_version\t3.9.4
                zk_watch_count\t12
                zk_sum_node_created_watch_count\t3
                zk_sum_node_deleted_watch_count\t40
                zk_avg_node_deleted_watch_count\t4.0
                zk_sum_node_changed_watch_count\t0
                zk_sum_node_children_watch_count\t7
                """;
        assertEquals(50, HerdBench.nodeEventWatches(mntr));
        assertThrows(IllegalStateException.class, () -> HerdBench.nodeEventWatches(null));
    }

    @Test
    void mntrsWatchCountIsRead() {
        assertEquals(12, HerdBench.watchCount("zk_version\t3.9.4\nzk_watch_count\t12\nzk_avg_watch_count\t3\n"));
        assertThrows(IllegalStateException.class, () -> HerdBench.watchCount("zk_version\t3.9.4\n"));
    }

    @Test
    void thePagePlotsOneLinePerRecipe() {
        List<HerdBench.Cell> cells = List.of(new HerdBench.Cell("zk-unique", 10, 100, 10, 1000, 1000, 11, 2.0, 5.0),
                new HerdBench.Cell("zk-unique", 50, 100, 10, 5000, 5000, 51, 9.0, 20.0),
                new HerdBench.Cell("zk-recipe", 10, 100, 10, 100, 100, 11, 1.0, 2.0),
                new HerdBench.Cell("zk-recipe", 50, 100, 10, 100, 100, 51, 1.0, 2.0));
        String html = HerdPlot.html(cells);
        assertEquals(2, html.split("<polyline").length - 1, "a line per recipe");
        assertTrue(html.contains("zk-unique, 50 waiters: 50.00") && html.contains("zk-recipe, 50 waiters: 1.00"), html);
    }
}
