package dev.lockstorm.suite.internal.bench;

import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.KV;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The baseline beside etcd's lock cycles: N jetcd clients in one JVM, each putting its own key in
 * a loop, one request at a time (a lock cycle's calls are sequential too). Prints "CYCLES n SECONDS s".
 * Usage: EtcdPutLoop ENDPOINTS CLIENTS SECONDS
 */
public final class EtcdPutLoop {
    public static void main(String[] args) throws Exception {
        List<URI> endpoints = List.of(args[0].split(",")).stream().map(URI::create).toList();
        int clients = Integer.parseInt(args[1]);
        long seconds = Long.parseLong(args[2]);
        List<Client> opened = new ArrayList<>();
        List<TimedLoop.Step> steps = new ArrayList<>();
        for (int i = 0; i < clients; i++) {
            Client c = Client.builder().endpoints(endpoints).build();
            opened.add(c);
            KV kv = c.getKVClient();
            ByteSequence key = ByteSequence.from("/lockstorm/bench/" + i, StandardCharsets.UTF_8);
            AtomicLong n = new AtomicLong();
            steps.add(() -> kv.put(key, ByteSequence.from(Long.toString(n.incrementAndGet()), StandardCharsets.UTF_8)).get(5, TimeUnit.SECONDS));
        }
        TimedLoop.run(steps, seconds);
        opened.forEach(Client::close);
        System.exit(0);
    }
}
