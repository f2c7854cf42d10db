/*
 * Fencing Lab clock shim: sets one process's wall clock apart from true time, by an offset and a
 * drift read from a file, so one Redis node or one Postgres can keep a clock of its own while
 * everything else keeps real time.
 *
 * Loaded with LD_PRELOAD; the file's path comes from FENCING_LAB_CLOCK_OFFSET_FILE. The file
 * holds `offsetMs driftPpm anchorMs`: the clock then reads
 *   true + offsetMs + (true - anchorMs) * driftPpm / 1e6
 * (anchorMs on the true wall clock, in ms since the epoch), the simulator's NodeClock with the
 * run's start as its zero. A lone number is an offset with no drift, as older writers wrote it.
 *
 * Why not libfaketime: on Debian it hangs redis-server. Why only syscall(): this code runs
 * inside the very functions libc would call back into, so it must not call clock_gettime or
 * stdio itself. Monotonic clocks stay real: Redis times key expiry and Postgres its now() by the
 * wall clock (gettimeofday), which is exactly what an NTP step or a drifting oscillator moves.
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

struct setting {
  long long offset_ms;
  long long drift_ppm;
  long long anchor_ms;
};

/*
 * Two slots and the index of the current one: a re-read fills the other slot and then flips the
 * index, so a thread that reads while another re-reads sees a whole setting, never half of one.
 */
static struct setting slots[2];
static int current_slot;
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

/* Reads one signed integer at text[*i], skipping blanks first; 0 when there is none. */
static long long parse_integer(const char *text, int *i) {
  long long value = 0;
  int negative = 0;
  while (text[*i] == ' ' || text[*i] == '\t' || text[*i] == '\n') (*i)++;
  if (text[*i] == '-') {
    negative = 1;
    (*i)++;
  }
  for (; text[*i] >= '0' && text[*i] <= '9'; (*i)++) value = value * 10 + (text[*i] - '0');
  return negative ? -value : value;
}

/* Re-read the setting at most every 10 ms: often enough for a test, cheap enough for Redis. */
static struct setting current_setting(void) {
  struct setting none = {0, 0, 0};
  if (offset_path[0] == '\0') return none;
  long long now = monotonic_ns();
  long long last = __atomic_load_n(&last_read_ns, __ATOMIC_RELAXED);
  int slot = __atomic_load_n(&current_slot, __ATOMIC_ACQUIRE);
  if (last >= 0 && now - last < 10000000LL) return slots[slot];
  __atomic_store_n(&last_read_ns, now, __ATOMIC_RELAXED);

  char text[128];
  long fd = syscall(SYS_openat, AT_FDCWD, offset_path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return slots[slot];
  long n = syscall(SYS_read, fd, text, sizeof(text) - 1);
  syscall(SYS_close, fd);
  if (n <= 0) return slots[slot];
  text[n] = '\0';

  struct setting read;
  int i = 0;
  read.offset_ms = parse_integer(text, &i);
  read.drift_ppm = parse_integer(text, &i);
  read.anchor_ms = parse_integer(text, &i);
  /* A clock that ran backwards would be no clock: keep the rate above zero. */
  if (read.drift_ppm <= -1000000LL) read.drift_ppm = -999999LL;
  slots[1 - slot] = read;
  __atomic_store_n(&current_slot, 1 - slot, __ATOMIC_RELEASE);
  return read;
}

/* Moves a true wall-clock reading to this process's clock. */
static void shift(struct timespec *ts) {
  struct setting s = current_setting();
  long long true_ns = (long long)ts->tv_sec * 1000000000LL + ts->tv_nsec;
  long long shift_ns = s.offset_ms * 1000000LL;
  if (s.drift_ppm != 0) {
    /* In µs first: (true − anchor) in ns times a drift in ppm would overflow after a few hours. */
    long long since_anchor_us = (true_ns - s.anchor_ms * 1000000LL) / 1000LL;
    shift_ns += since_anchor_us * s.drift_ppm / 1000LL;
  }
  long long local_ns = true_ns + shift_ns;
  long long sec = local_ns / 1000000000LL;
  long long ns = local_ns % 1000000000LL;
  if (ns < 0) {
    ns += 1000000000LL;
    sec -= 1;
  }
  ts->tv_sec = sec;
  ts->tv_nsec = ns;
}

int clock_gettime(clockid_t clock, struct timespec *ts) {
  long rc = syscall(SYS_clock_gettime, clock, ts);
  if (rc == 0 && (clock == CLOCK_REALTIME || clock == CLOCK_REALTIME_COARSE)) shift(ts);
  return (int)rc;
}

int gettimeofday(struct timeval *tv, void *tz) {
  struct timespec ts;
  long rc = syscall(SYS_clock_gettime, CLOCK_REALTIME, &ts);
  if (rc != 0) return (int)rc;
  shift(&ts);
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
  shift(&ts);
  if (out != NULL) *out = ts.tv_sec;
  return ts.tv_sec;
}
