// Ctrl-C on `npm run lab:record`, the way an author presses it: the whole foreground process group
// gets SIGINT, through npm, at a moment the recorder may be busy. Busy is what a loaded machine,
// a garbage collection or a module still loading looks like from outside; here the recorder is
// stopped (SIGSTOP) for 300 ms around the signal, which is the same thing made certain. It must
// still run its own clean-up: say so, stop its servers and remove their folders. tsx's own CLI
// did not allow that: it waits 30 ms for the command to report the signal, sends it again, and
// after another 30 ms kills the command with SIGKILL, so nothing was cleaned up (its folders
// waited for the next lab) and the exit code was still 130.
import { spawn } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../paths';

// The recorder's own temporary folder: its servers' folders, and nothing else, land there.
const scratch = mkdtempSync(join(tmpdir(), 'fencing-lab-interrupt-test-'));
const made: string[] = [scratch];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/**
 * Processes whose environment holds `TMPDIR=dir` or that work in a folder under it, with their
 * parent's pid: the recorder, its servers (which rename themselves, so their command lines would
 * not tell) and whatever they start.
 */
function processesWith(dir: string): { pid: number; parent: number; cmdline: string }[] {
  const found: { pid: number; parent: number; cmdline: string }[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const environ = readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0');
      const cwd = readlinkSync(`/proc/${entry}/cwd`);
      if (!environ.includes(`TMPDIR=${dir}`) && !cwd.startsWith(`${dir}/`)) continue;
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ');
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      found.push({ pid: Number(entry), parent, cmdline });
    } catch {
      // Gone meanwhile.
    }
  }
  return found;
}

async function waitUntil<T>(probe: () => T | undefined, timeoutMs: number): Promise<T | undefined> {
  const endMs = performance.now() + timeoutMs;
  while (performance.now() < endMs) {
    const value = probe();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 20));
  }
  return probe();
}

function signalIfThere(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(pid, signal);
  } catch {
    // Already gone.
  }
}

const labFolders = (dir: string) => readdirSync(dir).filter((n) => n.startsWith('fencing-lab-'));

/**
 * A recorder's surroundings: servers the lab starts itself, never ones named in the environment,
 * and a temp folder of its own, so that its servers and folders are told apart from any other's.
 * Short, as Postgres's socket path must be; open, as Postgres runs as its own user when the lab
 * is root and must reach its folder in here.
 */
function ownServers(prefix: string): { env: NodeJS.ProcessEnv; tmpDir: string } {
  const tmpDir = mkdtempSync(join(tmpdir(), prefix));
  chmodSync(tmpDir, 0o755);
  made.push(tmpDir);
  const env: NodeJS.ProcessEnv = { ...process.env, TMPDIR: tmpDir };
  for (const name of ['REDIS_URL', 'DATABASE_URL', 'ETCD_ENDPOINTS']) delete env[name];
  return { env, tmpDir };
}

describe.runIf(process.platform === 'linux')('Ctrl-C on npm run lab:record', () => {
  it('cleans up even when the recorder is busy as the signal comes', async () => {
    const out = join(scratch, 'out');
    const { env, tmpDir } = ownServers('fl-int-');
    const npm = spawn(
      'npm',
      ['run', '--silent', 'lab:record', '--', '--only', 'paused-client', '--out', out],
      // Its own process group, as a terminal gives a command: Ctrl-C signals the whole group.
      { cwd: PROJECT_ROOT, env, detached: true, stdio: 'pipe' },
    );
    let stdout = '';
    let stderr = '';
    npm.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    npm.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const exited = new Promise<number | null>((resolve) => npm.once('exit', resolve));
    let recorder: number | undefined;
    try {
      // Its servers are starting (their folders are made first): the recorder is busy with them.
      const recorderPid = await waitUntil(() => {
        if (!readdirSync(tmpDir).some((n) => n.startsWith('fencing-lab-redis-'))) return undefined;
        // The node that runs record.ts itself (`--import tsx`): under tsx's CLI, its child, not
        // the CLI; and not a child the recorder is just forking (`id`), which shares its command
        // line until it execs.
        const running = processesWith(tmpDir).filter(
          (p) => p.cmdline.includes('src/lab/record.ts') && p.cmdline.includes('--import'),
        );
        return running.find((p) => !running.some((q) => q.pid === p.parent))?.pid;
      }, 30_000);
      expect(recorderPid, `no servers started; stdout: ${stdout}; stderr: ${stderr}`).toBeDefined();
      recorder = recorderPid!;
      expect(readFileSync(`/proc/${recorder}/cmdline`, 'utf8')).toContain('record.ts');

      process.kill(recorder, 'SIGSTOP');
      process.kill(-npm.pid!, 'SIGINT');
      await new Promise((r) => setTimeout(r, 300));
      // Gone already, under tsx's CLI: it was killed outright while stopped.
      signalIfThere(recorder, 'SIGCONT');

      const code = await Promise.race([
        exited,
        new Promise<'still running'>((r) => setTimeout(() => r('still running'), 15_000)),
      ]);
      expect(code).toBe(130);
      expect(stderr).toContain('lab:record: interrupted: stopping the servers');
      // Nothing of its servers is left: no process, no folder.
      expect(
        await waitUntil(() => (processesWith(tmpDir).length === 0 ? true : undefined), 5_000),
        `still running: ${processesWith(tmpDir)
          .map((p) => p.cmdline)
          .join('; ')}`,
      ).toBe(true);
      expect(labFolders(tmpDir)).toEqual([]);
      // And no half-written recording.
      const written = existsSync(out) ? readdirSync(out) : [];
      expect(written.filter((n) => !n.endsWith('.json'))).toEqual([]);
    } finally {
      if (recorder !== undefined) signalIfThere(recorder, 'SIGCONT');
      signalIfThere(-npm.pid!, 'SIGKILL');
      for (const p of processesWith(tmpDir)) signalIfThere(p.pid, 'SIGKILL');
    }
  }, 60_000);
});

// A terminal that closes (an ssh session that drops) sends SIGHUP to the command's process group.
// The recorder stopped its servers then too, but did not count it as an interruption: the run
// that failed as they went away was reported as a server failure ("Postgres is down"), which
// sends an author looking for a fault that is not there.
describe.runIf(process.platform === 'linux')(
  'a closing terminal (SIGHUP) on npm run lab:record',
  () => {
    it('is an interruption, not a server failure, and cleans up', async () => {
      const out = join(scratch, 'out-hup');
      const { env, tmpDir } = ownServers('fl-hup-');
      // The recorder itself, as npm runs it: npm dies of the SIGHUP at once, and its exit code
      // says nothing of what the recorder did.
      const recorder = spawn(
        process.execPath,
        ['--import', 'tsx', 'src/lab/record.ts', '--only', 'paused-client', '--out', out],
        { cwd: PROJECT_ROOT, env, detached: true, stdio: 'pipe' },
      );
      let stdout = '';
      let stderr = '';
      recorder.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
      recorder.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
      const exited = new Promise<number | null>((resolve) => recorder.once('exit', resolve));
      try {
        // In the middle of the runs: the first is written, the second has begun.
        const firstWritten = await waitUntil(
          () => (stdout.includes('[1/4]') ? true : undefined),
          30_000,
        );
        expect(firstWritten, `no run finished; stdout: ${stdout}; stderr: ${stderr}`).toBe(true);
        process.kill(-recorder.pid!, 'SIGHUP');

        const code = await Promise.race([
          exited,
          new Promise<'still running'>((r) => setTimeout(() => r('still running'), 15_000)),
        ]);
        expect(code).toBe(129);
        expect(stderr).toContain('lab:record: interrupted: stopping the servers');
        expect(stderr).not.toMatch(/is down|could not start|failed/);
        expect(
          await waitUntil(() => (processesWith(tmpDir).length === 0 ? true : undefined), 5_000),
          `still running: ${processesWith(tmpDir)
            .map((p) => p.cmdline)
            .join('; ')}`,
        ).toBe(true);
        expect(labFolders(tmpDir)).toEqual([]);
        expect(readdirSync(out).filter((n) => !n.endsWith('.json'))).toEqual([]);
      } finally {
        signalIfThere(-recorder.pid!, 'SIGKILL');
        for (const p of processesWith(tmpDir)) signalIfThere(p.pid, 'SIGKILL');
      }
    }, 60_000);
  },
);
