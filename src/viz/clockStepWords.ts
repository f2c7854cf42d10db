// How the page says a step of a clock. The engine and the lab step clocks both ways (the lab's
// random contention runs draw steps from -500 ms on), and a step back is no forward step of a
// negative size: the clock reads behind, so a key or lease row judged by it lives longer.

/** "2000 ms forward", "back 500 ms": a step's size and way, after "jumped" or "is stepped". */
export function stepWords(byMs: number): string {
  return byMs < 0 ? `back ${-byMs} ms` : `${byMs} ms forward`;
}

/** "+2000 ms", "−500 ms" (a minus sign, not a hyphen): a step as a chart writes it. */
export function signedMs(byMs: number): string {
  return byMs < 0 ? `−${-byMs} ms` : `+${byMs} ms`;
}

/** "+2 s", "−0.5 s": the shortest way a chart writes a step. */
export function signedSeconds(byMs: number): string {
  const seconds = Math.abs(byMs) / 1000;
  return `${byMs < 0 ? '−' : '+'}${Number.isInteger(seconds) ? seconds : seconds.toFixed(1)} s`;
}

/** Whether the step moved expiries judged by that clock sooner (forward) rather than later. */
export function endsLocksEarly(byMs: number): boolean {
  return byMs > 0;
}
