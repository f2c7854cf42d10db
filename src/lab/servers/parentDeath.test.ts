// A lab killed outright (SIGKILL: no handler runs) must not leave its servers running.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { dieWithParent } from './parentDeath';
import { makerOf, removeStaleTempDirs } from './staleTempDirs';

/** A process's state letter (R, S, Z…), or null once it is gone. A zombie has died. */
function stateOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0] ?? null;
  } catch {
    return null;
  }
}

const alive = (pid: number) => {
  const state = stateOf(pid);
  return state !== null && state !== 'Z';
};

describe('dieWithParent', () => {
  it('wraps a server that exists in setpriv, and leaves a missing one for spawn to report', () => {
    expect(dieWithParent('fencing-lab-no-such-server', ['--port', '1'])).toEqual({
      command: 'fencing-lab-no-such-server',
      args: ['--port', '1'],
    });
    if (process.platform !== 'linux') return;
    expect(dieWithParent('redis-server', ['--port', '1'])).toEqual({
      command: '/usr/bin/setpriv',
      args: ['--pdeathsig', 'KILL', '--', 'redis-server', '--port', '1'],
    });
    // Postgres as root: the setpriv that changes the user must ask, not one around it.
    expect(dieWithParent('setpriv', ['--reuid=postgres', '--', 'postgres'])).toEqual({
      command: 'setpriv',
      args: ['--pdeathsig', 'KILL', '--reuid=postgres', '--', 'postgres'],
    });
  });
});

describe.runIf(process.platform === 'linux')('a lab killed with SIGKILL', () => {
  it.each([
    ['Redis', 'redis.ts', 'startRedis'],
    ['Postgres', 'postgres.ts', 'startPostgres'],
  ])(
    'takes the %s it started with it',
    async (name, file, start) => {
      const module = fileURLToPath(new URL(`./${file}`, import.meta.url));
      // A stand-in for the lab: it starts the server, says its pid and folder, and waits.
      const lab = spawn(
        process.execPath,
        [
          ...['--import', 'tsx', '--input-type=module', '-e'],
          `import { ${start} } from ${JSON.stringify(module)};
         const server = await ${start}({ useEnv: false });
         process.stdout.write(server.process.pid + ' ' + server.dir + '\\n');
         setInterval(() => {}, 1000);`,
        ],
        { stdio: ['ignore', 'pipe', 'inherit'] },
      );
      let serverPid = 0;
      let serverDir = '';
      try {
        [serverPid, serverDir] = await new Promise<[number, string]>((resolve, reject) => {
          let out = '';
          lab.stdout.on('data', (chunk: Buffer) => {
            out += chunk.toString('utf8');
            const [pid, dir] = out.trim().split(' ');
            if (out.includes('\n')) resolve([Number(pid), dir ?? '']);
          });
          lab.once('exit', (code) => reject(new Error(`the stand-in lab exited with ${code}`)));
        });
        expect(alive(serverPid), `${name} ${serverPid} is running`).toBe(true);
        lab.kill('SIGKILL');
        const deadline = performance.now() + 5_000;
        while (alive(serverPid) && performance.now() < deadline)
          await new Promise((r) => setTimeout(r, 20));
        expect(alive(serverPid), `${name} ${serverPid} outlived the lab`).toBe(false);
        // Its folder stays, named for the dead lab, until the next lab clears it.
        expect(existsSync(serverDir)).toBe(true);
        expect(makerOf(basename(serverDir))?.pid).toBe(lab.pid);
        // Gone for good once reaped: a zombie still holds its pid.
        if (lab.exitCode === null && lab.signalCode === null) await once(lab, 'exit');
        expect(removeStaleTempDirs(dirname(serverDir))).toContain(basename(serverDir));
        expect(existsSync(serverDir), `${serverDir} outlived the next lab`).toBe(false);
      } finally {
        lab.kill('SIGKILL');
        if (serverPid > 0 && alive(serverPid)) process.kill(serverPid, 'SIGKILL');
        // The folder a lab killed outright leaves behind; this test must not leave it too.
        if (serverDir.includes('fencing-lab-')) rmSync(serverDir, { recursive: true, force: true });
      }
    },
    30_000,
  );
});
