// The folders of a lab killed outright are cleared by the next lab, and nothing else is.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTempDir } from './tempDir';
import {
  formatTag,
  makerIsGone,
  makerOf,
  processStartTicks,
  removeStaleTempDirs,
  thisProcessTag,
} from './staleTempDirs';

/** The pid of a process that has run and ended (reaped by spawnSync). */
function pidOfEndedProcess(): number {
  const child = spawnSync(process.execPath, ['-e', '0']);
  return child.pid!;
}

describe('makerOf', () => {
  it('reads the maker from a lab folder name, with or without a start time', () => {
    expect(makerOf('fencing-lab-redis-4242.987654-AbC123')).toEqual({
      pid: 4242,
      startTicks: 987654,
    });
    expect(makerOf('fencing-lab-clock-shim-77-zz9ZZ9')).toEqual({ pid: 77, startTicks: null });
  });

  it('refuses names that are not lab folders of this kind', () => {
    for (const name of [
      'fencing-lab-page-AbC123', // the page-size benchmark's: no maker in the name
      'fencing-lab-redis-AbC123', // made before folders were named for their maker
      'fencing-lab-redis-12-AbC12', // not mkdtemp's six characters
      'other-redis-12-AbC123',
      'fencing-lab-redis-12.x-AbC123',
    ])
      expect(makerOf(name), name).toBeNull();
  });
});

describe.runIf(process.platform === 'linux')('makerIsGone', () => {
  it('is false for this process and true for one that has ended', () => {
    expect(makerIsGone(thisProcessTag())).toBe(false);
    expect(makerIsGone({ pid: pidOfEndedProcess(), startTicks: null })).toBe(true);
  });

  it('is true when the pid now belongs to a process that started at another time', () => {
    const own = thisProcessTag();
    expect(own.startTicks).not.toBeNull();
    expect(processStartTicks(process.pid)).toBe(own.startTicks);
    expect(makerIsGone({ pid: own.pid, startTicks: own.startTicks! + 1 })).toBe(true);
  });
});

describe.runIf(process.platform === 'linux')('removeStaleTempDirs', () => {
  let root = '';
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'stale-dirs-test-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  function folder(name: string): string {
    const path = join(root, name);
    mkdirSync(path);
    writeFileSync(join(path, 'dump.rdb'), 'data');
    return name;
  }

  it('removes the folders of ended labs, with what is in them, and keeps everything else', () => {
    const own = formatTag(thisProcessTag());
    const ended = pidOfEndedProcess();
    const gone = [
      folder(`fencing-lab-redis-${ended}.123-AbC123`),
      folder(`fencing-lab-postgres-${ended}-xYz789`),
      // This process's pid, but a different start: an earlier lab whose pid came round again.
      folder(`fencing-lab-etcd-${process.pid}.${thisProcessTag().startTicks! + 1}-QQQqqq`),
    ];
    const kept = [
      folder(`fencing-lab-redis-${own}-Live00`),
      folder('fencing-lab-page-AbC123'),
      folder('fencing-lab-redis-AbC123'),
      folder(`something-else-${ended}-AbC123`),
    ];
    expect(removeStaleTempDirs(root).sort()).toEqual([...gone].sort());
    expect(readdirSync(root).sort()).toEqual([...kept].sort());
  });

  it('finds nothing to do in a folder that does not exist', () => {
    expect(removeStaleTempDirs(join(root, 'missing'))).toEqual([]);
  });
});

describe('makeTempDir', () => {
  it('names the folder for this process, so a later lab can tell whether it is left over', async () => {
    const dir = makeTempDir('redis');
    try {
      const name = dir.path.slice(dir.path.lastIndexOf('/') + 1);
      expect(makerOf(name)).toEqual(thisProcessTag());
      expect(makerIsGone(makerOf(name)!)).toBe(false);
    } finally {
      await dir.remove();
    }
    expect(existsSync(dir.path)).toBe(false);
  });
});
