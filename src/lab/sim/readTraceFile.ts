// A trace file for `npm run sim -- --check --trace FILE`, read as the page reads a recording:
// refused whole, with what is wrong, if it is not a trace this version understands.
import { readFileSync } from 'node:fs';
import type { Trace } from '../../sim/trace/schema';
import { validateTrace } from '../../sim/trace/validate';

/** Reads `path`; messages name the file as the person typed it (`shownAs`). */
export function readTraceFile(
  path: string,
  shownAs: string,
  fail: (message: string) => never,
): Trace {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT'
        ? 'no such file'
        : code === 'EISDIR'
          ? 'it is a folder'
          : (e as Error).message;
    return fail(`cannot read ${shownAs}: ${why}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    return fail(`${shownAs} is not JSON: ${(e as Error).message}`);
  }
  const result = validateTrace(json);
  if (!result.ok) return fail(`${shownAs} is not a trace: ${result.errors.join('; ')}`);
  return result.trace;
}
