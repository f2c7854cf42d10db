// A trace file for `npm run sim -- --check --trace FILE`, read as the page reads a recording:
// refused whole, with what is wrong, if it is not a trace this version understands.
import { readFileSync } from 'node:fs';
import { parseJson } from '../../panels/replay/unreadableRecording';
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
  // A byte-order mark (some Windows editors add one) is no reason to refuse a file the page's
  // build reads; and the parser's message quotes the text, which is printed in ASCII only.
  const json = parseJson(text.replace(/^\uFEFF/, ''));
  if (!json.ok) return fail(`${shownAs} is ${json.why}`);
  const result = validateTrace(json.value);
  if (!result.ok) return fail(`${shownAs} is not a trace: ${result.errors.join('; ')}`);
  return result.trace;
}
