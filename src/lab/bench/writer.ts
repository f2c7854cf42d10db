// numbers.json is written like a recording, whole or not at all (see output/writeAtomic.ts), so
// a crash, a full disk or a failed case can never leave the page a half-written file.
import { writeFileAtomic } from '../output/writeAtomic';

/** JSON with two-space indent and a final newline, written atomically. */
export function writeJsonAtomic(path: string, value: unknown): void {
  // Serialise first: a value that cannot be serialised must fail before anything is touched.
  const text = `${JSON.stringify(value, null, 2)}\n`;
  writeFileAtomic(path, text);
}
