// A trace file for `npm run sim -- --check --trace FILE`, read as the page reads a recording:
// refused whole, with what is wrong, if it is not a trace this version understands.
import { readFileSync } from 'node:fs';
import type { Trace } from '../../sim/trace/schema';
import { validateTrace } from '../../sim/trace/validate';

export function readTraceFile(path: string, fail: (message: string) => never): Trace {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return fail(`cannot read ${path}: ${code === 'ENOENT' ? 'no such file' : String(e)}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    return fail(`${path} is not JSON: ${(e as Error).message}`);
  }
  const result = validateTrace(json);
  if (!result.ok) return fail(`${path} is not a trace: ${result.errors.join('; ')}`);
  return result.trace;
}
