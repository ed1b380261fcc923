/*
 * lockstorm's clock fault: an LD_PRELOAD library that fakes CLOCK_REALTIME (clock_gettime,
 * gettimeofday, time) of one process, and its monotonic clocks when asked to. The harness changes
 * the fake at run time through a small control file mapped into memory:
 *
 *   offset 0   uint64  seq             seqlock: odd while the harness writes
 *   offset 8   int64   offset_ns       added to the real time
 *   offset 16  double  rate            speed of the fake clock since ref_ns (1.0 = real speed)
 *   offset 24  int64   ref_ns          real time at which the rate was last set
 *   offset 32  int64   mono_offset_ns  the same three for CLOCK_MONOTONIC (and its coarse, raw and
 *   offset 40  double  mono_rate       boot-time kinds); 0 and 0.0 leave it alone. The offset only
 *   offset 48  int64   mono_ref_ns     grows and the rate stays positive: it never goes back.
 *
 * fake = real + offset_ns + (rate - 1) * (real - ref_ns)
 *
 * A process whose monotonic clock is fast must also wait by it, or it would sleep far too long:
 * pthread_cond_timedwait on a condition variable that waits by CLOCK_MONOTONIC (every timed wait of
 * a JVM: sleep, park, wait) gets its deadline turned back into real monotonic time.
 *
 * No allocation happens here: Redis's jemalloc calls clock_gettime while it allocates.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

struct control {
    volatile uint64_t seq;
    volatile int64_t offset_ns;
    volatile double rate;
    volatile int64_t ref_ns;
    volatile int64_t mono_offset_ns;
    volatile double mono_rate;
    volatile int64_t mono_ref_ns;
};

/* One consistent read of the monotonic state; false when it is not faked. */
static int mono_state(int64_t *off, double *rate, int64_t *ref);

typedef int (*clock_gettime_fn)(clockid_t, struct timespec *);

static clock_gettime_fn real_clock_gettime;
static struct control *volatile ctl;
static volatile int ctl_state; /* 0 = not tried, 1 = mapped, 2 = failed */

static void init(void) {
    if (!real_clock_gettime) real_clock_gettime = (clock_gettime_fn) dlsym(RTLD_NEXT, "clock_gettime");
    if (ctl_state) return;
    const char *path = getenv("LOCKSTORM_CLOCK_FILE");
    int fd = path ? open(path, O_RDONLY | O_CLOEXEC) : -1;
    void *m = fd >= 0 ? mmap(NULL, sizeof(struct control), PROT_READ, MAP_SHARED, fd, 0) : MAP_FAILED;
    if (fd >= 0) close(fd);
    if (m == MAP_FAILED) {
        static const char msg[] = "lockstorm fakeclock: cannot map LOCKSTORM_CLOCK_FILE; the clock is not faked\n";
        ssize_t ignored = write(2, msg, sizeof msg - 1);
        (void) ignored;
        ctl_state = 2;
        return;
    }
    ctl = (struct control *) m;
    ctl_state = 1;
}

static int64_t fake_ns(int64_t real) {
    if (ctl_state != 1) return real;
    for (;;) {
        uint64_t s1 = ctl->seq;
        __atomic_thread_fence(__ATOMIC_ACQUIRE);
        int64_t off = ctl->offset_ns;
        double rate = ctl->rate;
        int64_t ref = ctl->ref_ns;
        __atomic_thread_fence(__ATOMIC_ACQUIRE);
        if ((s1 & 1) == 0 && s1 == ctl->seq) {
            if (rate == 1.0 || rate <= 0.0) return real + off;
            return real + off + (int64_t) ((rate - 1.0) * (double) (real - ref));
        }
    }
}

static int mono_state(int64_t *off, double *rate, int64_t *ref) {
    if (ctl_state != 1) return 0;
    for (;;) {
        uint64_t s1 = ctl->seq;
        __atomic_thread_fence(__ATOMIC_ACQUIRE);
        *off = ctl->mono_offset_ns;
        *rate = ctl->mono_rate;
        *ref = ctl->mono_ref_ns;
        __atomic_thread_fence(__ATOMIC_ACQUIRE);
        if ((s1 & 1) == 0 && s1 == ctl->seq) break;
    }
    if (*rate <= 0.0) *rate = 1.0;
    return *off != 0 || *rate != 1.0;
}

static int64_t fake_mono_ns(int64_t real) {
    int64_t off, ref;
    double rate;
    if (!mono_state(&off, &rate, &ref)) return real;
    return real + off + (int64_t) ((rate - 1.0) * (double) (real - ref));
}

static int is_monotonic(clockid_t id) {
    return id == CLOCK_MONOTONIC || id == CLOCK_MONOTONIC_COARSE || id == CLOCK_MONOTONIC_RAW || id == CLOCK_BOOTTIME;
}

static int is_realtime(clockid_t id) {
    return id == CLOCK_REALTIME || id == CLOCK_REALTIME_COARSE;
}

int clock_gettime(clockid_t id, struct timespec *ts) {
    init();
    int r = real_clock_gettime(id, ts);
    if (r == 0 && (is_realtime(id) || is_monotonic(id))) {
        int64_t real = (int64_t) ts->tv_sec * 1000000000LL + ts->tv_nsec;
        int64_t ns = is_realtime(id) ? fake_ns(real) : fake_mono_ns(real);
        ts->tv_sec = ns / 1000000000LL;
        ts->tv_nsec = ns % 1000000000LL;
        if (ts->tv_nsec < 0) {
            ts->tv_nsec += 1000000000LL;
            ts->tv_sec -= 1;
        }
    }
    return r;
}

int gettimeofday(struct timeval *tv, void *tz) {
    struct timespec ts;
    (void) tz;
    int r = clock_gettime(CLOCK_REALTIME, &ts);
    if (r == 0) {
        tv->tv_sec = ts.tv_sec;
        tv->tv_usec = ts.tv_nsec / 1000;
    }
    return r;
}

time_t time(time_t *out) {
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    if (out) *out = ts.tv_sec;
    return ts.tv_sec;
}

typedef int (*cond_timedwait_fn)(pthread_cond_t *, pthread_mutex_t *, const struct timespec *);

/*
 * A deadline on the fake monotonic clock, as the real one: real = ref + (fake - offset - ref) / rate.
 * glibc marks a condition variable that waits by CLOCK_MONOTONIC with bit 1 of __wrefs (2.25 on).
 */
int pthread_cond_timedwait(pthread_cond_t *cond, pthread_mutex_t *mutex, const struct timespec *abstime) {
    static cond_timedwait_fn real_wait;
    if (!real_wait) {
        real_wait = (cond_timedwait_fn) dlvsym(RTLD_NEXT, "pthread_cond_timedwait", "GLIBC_2.3.2");
        if (!real_wait) real_wait = (cond_timedwait_fn) dlsym(RTLD_NEXT, "pthread_cond_timedwait");
    }
    init();
    int64_t off, ref;
    double rate;
    if ((cond->__data.__wrefs & 2) == 0 || !mono_state(&off, &rate, &ref)) return real_wait(cond, mutex, abstime);
    int64_t fake = (int64_t) abstime->tv_sec * 1000000000LL + abstime->tv_nsec;
    int64_t real = ref + (int64_t) ((double) (fake - off - ref) / rate);
    if (real < 0) real = 0;
    struct timespec t = { .tv_sec = real / 1000000000LL, .tv_nsec = real % 1000000000LL };
    return real_wait(cond, mutex, &t);
}
