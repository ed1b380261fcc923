package dev.lockstorm.nemesis.delay;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.net.InetSocketAddress;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What the delay proxies are set up with: the servers' ports, the redirect, the proxy's commands. */
@Tag("unit")
class DelayLinksTest {
    @Test
    void everyPortAServerListensOnForOtherHostsIsCoveredOnce() {
        String ss = """
                LISTEN 0      511          0.0.0.0:6379       0.0.0.0:*
                LISTEN 0      50     10.77.0.2:2181     0.0.0.0:*
                LISTEN 0      50         127.0.0.1:8080       0.0.0.0:*
                LISTEN 0      50             [::1]:9000          [::]:*
                LISTEN 0      511             [::]:6379          [::]:*
                LISTEN 0      50                 *:2888             *:*
                """;
        assertEquals(List.of(6379, 2181, 2888), DelayLinks.parseListening(ss));
    }

    @Test
    void theRedirectLeavesTheProxysOwnSourcePortsAlone() {
        String rules = DelayLinks.redirect(List.of(InetSocketAddress.createUnresolved("10.77.0.2", 2181),
                InetSocketAddress.createUnresolved("10.77.0.3", 2181)), 62000);
        assertTrue(rules.startsWith("table ip nemesis_delay {}\ndelete table ip nemesis_delay\n"), rules);
        assertTrue(rules.contains("type nat hook output priority -100;"), rules);
        assertTrue(rules.contains("ip daddr 10.77.0.2 tcp dport 2181 tcp sport != 61000-61999 redirect to :62000\n"), rules);
        assertTrue(rules.contains("ip daddr 10.77.0.3 tcp dport 2181 tcp sport != 61000-61999 redirect to :62001\n"), rules);
        assertEquals(List.of("62000=10.77.0.2:2181", "62001=10.77.0.3:2181"), DelayProxy.arguments(List.of(
                InetSocketAddress.createUnresolved("10.77.0.2", 2181), InetSocketAddress.createUnresolved("10.77.0.3", 2181)), 62000));
    }

    @Test
    void theProxyTakesADelayPerServerAndAHealAndRefusesAnythingElseSaying() {
        DelayProxy p = new DelayProxy();
        assertEquals("ok", p.command("delay 10.77.0.2 300 100"));
        assertEquals("ok", p.command("heal"));
        assertEquals("error: expected 0 <= JITTER_MS <= MS, not 300 400", p.command("delay 10.77.0.2 300 400"));
        assertTrue(p.command("delay 10.77.0.2 soon 0").startsWith("error: "), p.command("delay 10.77.0.2 soon 0"));
        assertEquals("error: expected 'delay ADDRESS MS JITTER_MS' or 'heal', not 'slow down'", p.command("slow down"));
    }
}
