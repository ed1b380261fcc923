/*
 * lockstorm's clock fault: an LD_PRELOAD library that fakes CLOCK_REALTIME (clock_gettime,
 * gettimeofday, time) of one process, leaving its monotonic clock alone. The harness changes the
 * fake at run time through a small control file mapped into memory:
 *
 *   offset 0   uint64  seq          seqlock: odd while the harness writes
 *   offset 8   int64   offset_ns    added to the real time
 *   offset 16  double  rate         speed of the fake clock since ref_ns (1.0 = real speed)
 *   offset 24  int64   ref_ns       real time at which the rate was last set
 *
 * fake = real + offset_ns + (rate - 1) * (real - ref_ns)
 *
 * No allocation happens here: Redis's jemalloc calls clock_gettime while it allocates.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
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
};

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

static int is_realtime(clockid_t id) {
    return id == CLOCK_REALTIME || id == CLOCK_REALTIME_COARSE;
}

int clock_gettime(clockid_t id, struct timespec *ts) {
    init();
    int r = real_clock_gettime(id, ts);
    if (r == 0 && is_realtime(id)) {
        int64_t ns = fake_ns((int64_t) ts->tv_sec * 1000000000LL + ts->tv_nsec);
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
