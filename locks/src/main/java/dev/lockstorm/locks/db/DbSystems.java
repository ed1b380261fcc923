package dev.lockstorm.locks.db;

import dev.lockstorm.api.LeaseModel;
import dev.lockstorm.api.ClientContext;
import dev.lockstorm.api.LockOption;
import dev.lockstorm.api.Topology;
import dev.lockstorm.locks.BuiltInSystem;

import java.util.List;
import java.util.Locale;

/** The database lock systems lockstorm ships, each against one PostgreSQL or MariaDB server. */
public final class DbSystems {
    /**
     * A session-bound lock (advisory lock, GET_LOCK) on the database servers lockstorm starts: they
     * probe an idle connection every second (TCP keepalives after 1 s idle, every 1 s) and close it
     * after 2 unanswered probes, 3 s after they last heard the client; {@code tcp_retries2=3} does the
     * same for a reply left unacknowledged. The client's kernel answered a probe at most a second
     * before a cut began, so the session is closed, and its locks freed, 2 to 3 s into the cut:
     * declared as 2 s, the shortest. A server with the defaults takes hours.
     */
    static final LeaseModel SESSION = new LeaseModel.Session(java.time.Duration.ofSeconds(2), LeaseModel.Judges.ONE);

    private DbSystems() {
    }

    private static final LockOption EXPIRY_CLOCK = LockOption.choice("expiry-clock", "whose clock stamps the lock row and judges"
            + " whether it is older than the lease: database (the server's) or client (the time each client sends)", "database", "database", "client");
    private static final LockOption SYNCHRONOUS_COMMIT = LockOption.choice("synchronous-commit", "PostgreSQL's synchronous_commit for"
            + " the session: on (a commit waits until the replica has it) or local (it does not)", "on", "on", "local");
    private static final LockOption STAMP = LockOption.choice("stamp", "when the lock row's time is taken: insert (as the insert"
            + " begins, before any wait on the unique index: the recipe as usually written) or after-wait (again, by an update once"
            + " the insert has the row)", "insert", "insert", "after-wait");
    private static final LockOption DB_TIME = BuiltInSystem.flag("db-time", "ShedLock's usingDbTime(): the database's clock sets and"
            + " judges lock_until, not the client's", "false");

    /** {@code db-table-pg}: the lock table on PostgreSQL. */
    public static final class TablePostgres extends BuiltInSystem {
        @Override
        public LeaseModel leaseModel(ClientContext c) {
            return new LeaseModel.Fixed(c.lease(), LeaseModel.Clock.SERVICE, LeaseModel.Judges.ONE);
        }

        public TablePostgres() {
            super("db-table-pg", "a lock table on PostgreSQL: insert a row (unique name), delete it if older than the lease; a sequence's token",
                    Topology.POSTGRESQL, true, List.of(EXPIRY_CLOCK, STAMP),
                    c -> new TableLock(Dialect.POSTGRESQL, c.connect(), c.lock(), c.lease(), expiryClock(c), null, stamp(c)));
        }
    }

    /** {@code db-table-mariadb}: the lock table on MariaDB. */
    public static final class TableMariaDb extends BuiltInSystem {
        @Override
        public LeaseModel leaseModel(ClientContext c) {
            return new LeaseModel.Fixed(c.lease(), LeaseModel.Clock.SERVICE, LeaseModel.Judges.ONE);
        }

        public TableMariaDb() {
            super("db-table-mariadb", "a lock table on MariaDB: insert a row (unique name), delete it if older than the lease; a sequence's token",
                    Topology.MARIADB, true, List.of(EXPIRY_CLOCK, STAMP),
                    c -> new TableLock(Dialect.MARIADB, c.connect(), c.lock(), c.lease(), expiryClock(c), null, stamp(c)));
        }
    }

    /** {@code db-table-pg-ha}: the lock table on a PostgreSQL primary with a streaming replica. */
    public static final class TablePostgresHa extends BuiltInSystem {
        @Override
        public LeaseModel leaseModel(ClientContext c) {
            return new LeaseModel.Fixed(c.lease(), LeaseModel.Clock.SERVICE, LeaseModel.Judges.KEY_MASTER);
        }

        public TablePostgresHa() {
            super("db-table-pg-ha", "the lock table on a PostgreSQL primary and its streaming replica, found through the driver's"
                    + " multi-host URL; synchronous_commit per session", Topology.POSTGRESQL_HA, true, List.of(EXPIRY_CLOCK,
                    SYNCHRONOUS_COMMIT, STAMP), c -> new TableLock(Dialect.POSTGRESQL, c.connect(), c.lock(), c.lease(), expiryClock(c),
                            SYNCHRONOUS_COMMIT.valueIn(c), stamp(c)));
        }
    }

    /** {@code pg-advisory}: PostgreSQL's session advisory lock, no token. */
    public static final class PgAdvisory extends BuiltInSystem {
        @Override
        public LeaseModel leaseModel(ClientContext c) {
            return SESSION;
        }

        public PgAdvisory() {
            super("pg-advisory", "PostgreSQL's pg_try_advisory_lock, held as long as the session: no lease, no token",
                    Topology.POSTGRESQL, false, c -> new AdvisoryLock(Dialect.POSTGRESQL, c.connect(), c.lock(), false));
        }
    }

    /** {@code pg-advisory-seq}: the same, with a sequence value taken after each grant as the token. */
    public static final class PgAdvisorySeq extends BuiltInSystem {
        @Override
        public LeaseModel leaseModel(ClientContext c) {
            return SESSION;
        }

        public PgAdvisorySeq() {
            super("pg-advisory-seq", "PostgreSQL's pg_try_advisory_lock with a sequence value taken after the grant as the token",
                    Topology.POSTGRESQL, true, c -> new AdvisoryLock(Dialect.POSTGRESQL, c.connect(), c.lock(), true));
        }
    }

    /** {@code mysql-get-lock}: MariaDB's GET_LOCK, no token. */
    public static final class MysqlGetLock extends BuiltInSystem {
        @Override
        public LeaseModel leaseModel(ClientContext c) {
            return SESSION;
        }

        public MysqlGetLock() {
            super("mysql-get-lock", "MariaDB's GET_LOCK / RELEASE_LOCK, held as long as the session: no lease, no token",
                    Topology.MARIADB, false, c -> new AdvisoryLock(Dialect.MARIADB, c.connect(), c.lock(), false));
        }
    }

    /** {@code mysql-get-lock-seq}: the same, with a sequence value taken after each grant as the token. */
    public static final class MysqlGetLockSeq extends BuiltInSystem {
        @Override
        public LeaseModel leaseModel(ClientContext c) {
            return SESSION;
        }

        public MysqlGetLockSeq() {
            super("mysql-get-lock-seq", "MariaDB's GET_LOCK with a sequence value taken after the grant as the token",
                    Topology.MARIADB, true, c -> new AdvisoryLock(Dialect.MARIADB, c.connect(), c.lock(), true));
        }
    }

    /** {@code shedlock-jdbc}: ShedLock's JdbcTemplate provider on PostgreSQL. */
    public static final class ShedLockJdbc extends BuiltInSystem {
        @Override
        public LeaseModel leaseModel(ClientContext c) {
            return new LeaseModel.Fixed(c.lease(), flag(c, DB_TIME) ? LeaseModel.Clock.SERVICE : LeaseModel.Clock.CLIENT, LeaseModel.Judges.ONE);
        }

        public ShedLockJdbc() {
            super("shedlock-jdbc", "ShedLock's JdbcTemplateLockProvider on PostgreSQL, lockAtMostFor = the lease, asked again every 200 ms; no token",
                    Topology.POSTGRESQL, false, List.of(DB_TIME),
                    c -> new ShedLockClient(Dialect.POSTGRESQL, c.connect(), c.lock(), c.lease(), flag(c, DB_TIME)));
        }
    }

    /** {@code spring-jdbc-registry}: Spring Integration's JdbcLockRegistry on PostgreSQL. */
    public static final class SpringJdbcRegistry extends BuiltInSystem {
        @Override
        public LeaseModel leaseModel(ClientContext c) {
            return new LeaseModel.Fixed(c.lease(), LeaseModel.Clock.CLIENT, LeaseModel.Judges.ONE);
        }

        public SpringJdbcRegistry() {
            super("spring-jdbc-registry", "Spring Integration's JdbcLockRegistry (DefaultLockRepository) on PostgreSQL, time to live = the lease,"
                    + " judged by each client's clock; no token", Topology.POSTGRESQL, false,
                    c -> new SpringRegistryLock(Dialect.POSTGRESQL, c.connect(), c.lock(), c.lease()));
        }
    }

    private static TableLock.ExpiryClock expiryClock(ClientContext c) {
        return TableLock.ExpiryClock.valueOf(EXPIRY_CLOCK.valueIn(c).toUpperCase(Locale.ROOT));
    }

    private static TableLock.Stamp stamp(ClientContext c) {
        return TableLock.Stamp.valueOf(STAMP.valueIn(c).toUpperCase(Locale.ROOT).replace('-', '_'));
    }
}
