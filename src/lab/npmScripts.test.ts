// A signal sent to npm alone (a process manager, `kill $!`, an editor's stop button) must reach
// the command it runs: npm passes it to the shell it starts, and a shell that waits on its child
// keeps it, so the command would run on as an orphan, servers and all. Each long-running script
// therefore `exec`s its command in place of the shell.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from './paths';

/** Processes whose command line holds every one of `parts`, by pid. */
function processesWith(parts: string[]): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let cmdline: string;
    try {
      cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ');
    } catch {
      continue; // gone meanwhile
    }
    if (parts.every((p) => cmdline.includes(p))) pids.push(Number(entry));
  }
  return pids;
}

/** Whether the process is still the shell npm starts (`sh -c "exec …"`), not yet the command. */
function isShell(pid: number): boolean {
  try {
    const argv0 = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0] ?? '';
    return /(^|\/)(ba|da)?sh$/.test(argv0);
  } catch {
    return false;
  }
}

/** A process's pid, state (R running, S sleeping, Z zombie…) and parent, for a failure message. */
function describeProcess(pid: number): string {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const [state, parent] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return `${pid} (state ${state}, parent ${parent})`;
  } catch {
    return `${pid} (gone)`;
  }
}

async function waitUntil(ok: () => boolean, timeoutMs: number): Promise<boolean> {
  const endMs = performance.now() + timeoutMs;
  while (performance.now() < endMs) {
    if (ok()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return ok();
}

describe('npm run … and signals', () => {
  it.each(['SIGINT', 'SIGTERM'] as const)(
    '%s to npm alone stops the command, not just npm',
    async (signal) => {
      // A sweep long enough to be running when the signal comes; the seed marks our process.
      const marker = signal === 'SIGINT' ? '424242' : '434343';
      const command = ['src/lab/sim/cli.ts', '--seed', marker];
      const npm = spawn(
        'npm',
        [
          ...['run', '--silent', 'sim', '--'],
          ...['--scenario', 'redlock-gc-pause', '--variant', 'default'],
          ...['--check', '--seeds', '1000000', '--seed', marker],
        ],
        { cwd: PROJECT_ROOT, stdio: 'ignore' },
      );
      const exited = new Promise<void>((resolve) => npm.once('exit', () => resolve()));
      try {
        // Running means node is up with the command (`node --import tsx`, one process), not the
        // shell npm starts and that execs it: a signal that came while the shell was still there
        // (dash takes SIGINT and execs node all the same) would test the shell, not the relay.
        expect(
          await waitUntil(() => processesWith(command).some((pid) => !isShell(pid)), 20_000),
        ).toBe(true);
        npm.kill(signal);
        // The sweep runs for ten seconds or more here: npm must not wait for it to finish.
        const stopped = await Promise.race([
          exited.then(() => true),
          new Promise<false>((r) => setTimeout(() => r(false), 4_000)),
        ]);
        expect(stopped, 'npm was still waiting for the command 4 s after the signal').toBe(true);
        expect(
          await waitUntil(() => processesWith(command).length === 0, 10_000),
          `still running 10 s after npm exited: ${processesWith(command).map(describeProcess).join(', ')}`,
        ).toBe(true);
      } finally {
        for (const pid of processesWith(command)) process.kill(pid, 'SIGKILL');
        npm.kill('SIGKILL');
      }
    },
    40_000,
  );
});

describe('package.json scripts', () => {
  it('exec every long-running command, as the test above needs of `sim`', () => {
    const { scripts } = JSON.parse(readFileSync(`${PROJECT_ROOT}package.json`, 'utf8')) as {
      scripts: Record<string, string>;
    };
    const longRunning = Object.entries(scripts).filter(([, line]) =>
      /^(exec )?(tsx|node) |vite preview/.test(line.split('&&').at(-1)!.trim()),
    );
    expect(longRunning.map(([name]) => name)).toEqual(
      expect.arrayContaining([
        'start',
        'sim',
        'bench:sim',
        'bench:page',
        'lab:record',
        'lab:bench',
      ]),
    );
    for (const [name, line] of longRunning) {
      const last = line.split('&&').at(-1)!.trim();
      expect(last, `npm run ${name}`).toMatch(/^exec /);
      // Not tsx's own CLI: on Ctrl-C it gives the command 60 ms to answer and then kills it with
      // SIGKILL, so a command busy at that moment never cleans up (record/interrupt.test.ts).
      expect(last, `npm run ${name}`).not.toMatch(/^exec tsx /);
    }
  });
});
