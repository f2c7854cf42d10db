// Figures as a person would say them out loud: "about 46,000", not 45,873.2.

/**
 * A whole number with its thousands grouped by commas, as Intl.NumberFormat('en-US') writes it.
 * Written out here because the page's first Intl formatter, of any kind, loads the browser's
 * locale data: one task of about 100 ms on a CPU four times slower than a desktop's, on every
 * first load, for commas. Numbers too large to print digit by digit still go to Intl.
 */
function grouped(n: number): string {
  if (!Number.isSafeInteger(n)) return wholeNumbers().format(n);
  const digits = String(Math.abs(n)).replace(/\B(?=(\d{3})+$)/g, ',');
  // Intl writes a sign on -0 too.
  return n < 0 || Object.is(n, -0) ? `-${digits}` : digits;
}

let intlWholeNumbers: Intl.NumberFormat | undefined;
function wholeNumbers(): Intl.NumberFormat {
  intlWholeNumbers ??= new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
  return intlWholeNumbers;
}

/** Round to two significant figures: 45,873 → 46,000; 1,734 → 1,700; 87 → 87. */
export function roundForSpeech(value: number): number {
  if (!Number.isFinite(value) || value === 0) return 0;
  const magnitude = Math.floor(Math.log10(Math.abs(value)));
  if (magnitude < 2) return Math.round(value);
  const step = 10 ** (magnitude - 1);
  return Math.round(value / step) * step;
}

/** "about 46,000" — the number grouped with commas, after rounding for speech. */
export function sayRate(value: number): string {
  return `about ${grouped(roundForSpeech(value))}`;
}

/** The rounded number alone, grouped: "46,000". */
export function sayNumber(value: number): string {
  return grouped(roundForSpeech(value));
}

/** Latency in milliseconds to the precision a person would quote: 0.42 → "0.4 ms", 12.6 → "13 ms". */
export function sayMs(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return 'unknown';
  if (ms === 0) return '0 ms';
  if (ms < 0.1) return 'under 0.1 ms';
  if (ms < 10) return `${Number(ms.toFixed(1))} ms`;
  return `${grouped(roundForSpeech(ms))} ms`;
}

/** A ratio as a percentage of the ceiling: 0.934 → "93%". */
export function sayRatio(ratio: number): string {
  return `${Math.round(ratio * 100)}%`;
}
