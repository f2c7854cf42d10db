/*
 * Fencing Lab clock shim: shifts one process's wall clock by an offset in milliseconds read
 * from a file, so one Redis node can "jump" while the others keep real time.
 *
 * Loaded with LD_PRELOAD; the file's path comes from FENCING_LAB_CLOCK_OFFSET_FILE.
 * Why not libfaketime: on Debian it hangs redis-server. Why only syscall(): this code runs
 * inside the very functions libc would call back into, so it must not call clock_gettime or
 * stdio itself. Monotonic clocks stay real: Redis times key expiry by the wall clock
 * (gettimeofday), which is exactly what an NTP step moves.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

/* A copy, not a pointer: Redis's setproctitle overwrites the environment block. */
static char offset_path[4096];
static long long offset_ms;
static long long last_read_ns = -1;

__attribute__((constructor)) static void shim_init(void) {
  const char *path = getenv("FENCING_LAB_CLOCK_OFFSET_FILE");
  if (path != NULL && strlen(path) < sizeof(offset_path)) strcpy(offset_path, path);
}

static long long monotonic_ns(void) {
  struct timespec now;
  syscall(SYS_clock_gettime, CLOCK_MONOTONIC, &now);
  return (long long)now.tv_sec * 1000000000LL + now.tv_nsec;
}

/* Re-read the offset at most every 10 ms: often enough for a test, cheap enough for Redis. */
static long long current_offset_ms(void) {
  if (offset_path[0] == '\0') return 0;
  long long now = monotonic_ns();
  long long last = __atomic_load_n(&last_read_ns, __ATOMIC_RELAXED);
  if (last >= 0 && now - last < 10000000LL) return __atomic_load_n(&offset_ms, __ATOMIC_RELAXED);
  __atomic_store_n(&last_read_ns, now, __ATOMIC_RELAXED);

  char text[32];
  long fd = syscall(SYS_openat, AT_FDCWD, offset_path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return __atomic_load_n(&offset_ms, __ATOMIC_RELAXED);
  long n = syscall(SYS_read, fd, text, sizeof(text) - 1);
  syscall(SYS_close, fd);
  if (n <= 0) return __atomic_load_n(&offset_ms, __ATOMIC_RELAXED);
  text[n] = '\0';

  long long value = 0;
  int negative = 0;
  int i = 0;
  while (text[i] == ' ' || text[i] == '\t') i++;
  if (text[i] == '-') {
    negative = 1;
    i++;
  }
  for (; text[i] >= '0' && text[i] <= '9'; i++) value = value * 10 + (text[i] - '0');
  if (negative) value = -value;
  __atomic_store_n(&offset_ms, value, __ATOMIC_RELAXED);
  return value;
}

static void shift(struct timespec *ts, long long ms) {
  long long ns = (long long)ts->tv_nsec + (ms % 1000) * 1000000LL;
  ts->tv_sec += ms / 1000 + ns / 1000000000LL;
  ns %= 1000000000LL;
  if (ns < 0) {
    ns += 1000000000LL;
    ts->tv_sec -= 1;
  }
  ts->tv_nsec = ns;
}

int clock_gettime(clockid_t clock, struct timespec *ts) {
  long rc = syscall(SYS_clock_gettime, clock, ts);
  if (rc == 0 && (clock == CLOCK_REALTIME || clock == CLOCK_REALTIME_COARSE)) {
    shift(ts, current_offset_ms());
  }
  return (int)rc;
}

int gettimeofday(struct timeval *tv, void *tz) {
  struct timespec ts;
  long rc = syscall(SYS_clock_gettime, CLOCK_REALTIME, &ts);
  if (rc != 0) return (int)rc;
  shift(&ts, current_offset_ms());
  /* glibc marks tv nonnull, but the syscall allows NULL; a copy keeps the check. */
  struct timeval *volatile out = tv;
  if (out != NULL) {
    out->tv_sec = ts.tv_sec;
    out->tv_usec = ts.tv_nsec / 1000;
  }
  (void)tz;
  return 0;
}

time_t time(time_t *out) {
  struct timespec ts;
  syscall(SYS_clock_gettime, CLOCK_REALTIME, &ts);
  shift(&ts, current_offset_ms());
  if (out != NULL) *out = ts.tv_sec;
  return ts.tv_sec;
}
