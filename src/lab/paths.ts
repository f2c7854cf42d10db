// Where the lab's files are, and where a path a person typed points. npm runs every script from
// the project's root, whatever folder it was typed in, and keeps that folder in INIT_CWD: so the
// lab's own defaults (recordings/) resolve from the root, and a path given on the command line
// resolves from where the person stood when they gave it, as every other command does.
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The folder the command was typed in: npm's INIT_CWD, or this process's own when run directly. */
export function callerDir(): string {
  return process.env.INIT_CWD ?? process.cwd();
}

/** A path from the command line, made absolute from the folder it was typed in. */
export function fromCaller(path: string, dir = callerDir()): string {
  return resolve(dir, path);
}

/** One of the lab's own paths (a default), made absolute from the project's root. */
export function fromProject(path: string): string {
  return resolve(PROJECT_ROOT, path);
}
