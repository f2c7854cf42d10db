// The random-draw tests take their seed and counts from the environment, to explore or replay.

/** A whole number from the environment variable `name`, or `fallback` when it is unset or empty. */
export function envInt(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) throw new Error(`${name} must be a whole number; got "${raw}"`);
  return Number(raw);
}
