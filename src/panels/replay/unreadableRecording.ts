// A recording that is not JSON at all (cut short by a full disk or a copy, a merge conflict's
// markers, a stray edit) would fail the page's build: Vite turns every recording into a module,
// and its JSON plugin throws at the first bad byte without naming the file. So the build swaps
// such a file for a small object that says why it could not be read, and the replay lists it
// with the other invalid recordings while the page and every other recording work on.
import type { Plugin } from 'vite';

/** The one key of the object that stands in for a recording that is not JSON. */
export const UNREADABLE_KEY = 'fencing-lab/unreadable';

/** `text` parsed, or why it is not JSON. */
export function parseJson(text: string): { ok: true; value: unknown } | { ok: false; why: string } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    // The parser quotes a few characters of the text: a binary file's would be noise, or
    // escape sequences in a terminal.
    const message = (error instanceof Error ? error.message : String(error))
      .replace(/[^\x20-\x7e]/g, '?')
      .slice(0, 160);
    return { ok: false, why: `not JSON (${message})` };
  }
}

/** Why `text` is not JSON, or null when it is. */
export function notJsonReason(text: string): string | null {
  const parsed = parseJson(text);
  return parsed.ok ? null : parsed.why;
}

/** The stand-in's reason, or null for anything else (a recording that parsed). */
export function unreadableReason(data: unknown): string | null {
  if (data === null || typeof data !== 'object' || !(UNREADABLE_KEY in data)) return null;
  const reason = (data as Record<string, unknown>)[UNREADABLE_KEY];
  return typeof reason === 'string' ? reason : 'not JSON';
}

const RECORDING = /\/recordings\/[^/]+\.json$/;

/**
 * The Vite plugin that makes the swap: for a recording that parses it does nothing, so the JSON
 * plugin reads it as before; for one that does not, it hands the JSON plugin the stand-in.
 * numbers.json needs none of this: it comes in as text and has its own reader.
 */
export function keepUnreadableRecordings(): Plugin {
  return {
    name: 'fencing-lab:keep-unreadable-recordings',
    enforce: 'pre',
    transform(code, id) {
      const path = id.split('?')[0] ?? id;
      // `?raw` and other queries are not JSON modules.
      if (id.includes('?') || !RECORDING.test(path)) return null;
      // A byte-order mark is no reason to refuse a file the JSON plugin reads.
      const reason = notJsonReason(code.replace(/^\uFEFF/, ''));
      return reason === null ? null : { code: JSON.stringify({ [UNREADABLE_KEY]: reason }) };
    },
  };
}
