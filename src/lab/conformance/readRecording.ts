// A committed recording as `npm run test:lab` reads it: through the reader `npm run sim -- --check
// --trace` uses, so a file that is not JSON or not a trace fails with its name and what is wrong
// ("recordings/x.json is not JSON (Unexpected token …)"), not with the parser's bare message.
import { join } from 'node:path';
import type { Trace } from '../../sim/trace/schema';
import { PROJECT_ROOT } from '../paths';
import { readTraceFile } from '../sim/readTraceFile';

/** The trace in `dir`/`file`, or an error that names the file, from the project's root. */
export function readRecording(dir: string, file: string): Trace {
  const path = join(dir, file);
  const shownAs = path.startsWith(PROJECT_ROOT) ? path.slice(PROJECT_ROOT.length) : path;
  return readTraceFile(path, shownAs, (message) => {
    throw new Error(message);
  });
}
