// N independent Redis nodes (5 for Redlock), each unaware of the others. With `clockShim`, each
// node runs under the LD_PRELOAD clock shim with its own offset file, so one node's wall clock
// can jump while the rest keep real time.
import { join } from 'node:path';
import { writeFileSync } from 'node:fs';
import { LOOPBACK_HOST } from './freePort';
import { startRedis, type RedisServer } from './redis';
import { makeTempDir, type TempDir } from './tempDir';
import {
  buildClockShim,
  clockShimEnv,
  setClockOffsetMs,
  writeShimClock,
  type ShimClockSetting,
} from './clockShim/build';

export interface RedisNodeSet {
  urls: string[];
  host: string;
  ports: number[];
  nodes: RedisServer[];
  version: string;
  settings: Record<string, string>;
  external: false;
  /** True when the nodes run under the clock shim. */
  clockShim: boolean;
  /** Shift node `index`'s wall clock by offsetMs (from real time, not cumulative). */
  setClockOffsetMs(index: number, offsetMs: number): Promise<void>;
  /** Set node `index`'s wall clock: an offset and a drift from an anchor (not cumulative). */
  setClock(index: number, setting: ShimClockSetting): Promise<void>;
  stop(): Promise<void>;
}

export interface StartRedisNodesOptions {
  /** How many nodes; 5 by default, as Redlock's majority of 3 needs. */
  count?: number;
  /** Run each node under the clock shim; throws SkippedError without gcc. */
  clockShim?: boolean;
  args?: string[];
  /** Each node's name in messages; `Redis node N` by default. */
  names?: string[];
}

export async function startRedisNodes(options: StartRedisNodesOptions = {}): Promise<RedisNodeSet> {
  const count = options.count ?? 5;
  const nodes: RedisServer[] = [];
  let shimDir: TempDir | undefined;
  const offsetFiles: string[] = [];
  const stop = async () => {
    await Promise.allSettled(nodes.map((node) => node.stop()));
    await shimDir?.remove();
  };
  try {
    let shimPath: string | undefined;
    if (options.clockShim) {
      shimDir = makeTempDir('clock-shim');
      shimPath = await buildClockShim(shimDir.path);
    }
    for (let i = 0; i < count; i++) {
      let env: NodeJS.ProcessEnv | undefined;
      if (shimDir && shimPath) {
        const offsetFile = join(shimDir.path, `offset-${i + 1}`);
        writeFileSync(offsetFile, '0');
        offsetFiles.push(offsetFile);
        env = clockShimEnv(shimPath, offsetFile);
      }
      nodes.push(
        await startRedis({
          server: options.names?.[i] ?? `Redis node ${i + 1}`,
          useEnv: false,
          args: options.args,
          env,
        }),
      );
    }
  } catch (error) {
    await stop();
    throw error;
  }
  const offsetFileOf = (index: number): string => {
    const file = offsetFiles[index];
    if (!file) {
      throw new Error(
        options.clockShim
          ? `No Redis node ${index + 1}: there are ${count}`
          : 'These nodes run without the clock shim: start them with { clockShim: true }',
      );
    }
    return file;
  };
  const first = nodes[0] as RedisServer;
  return {
    urls: nodes.map((node) => node.url),
    host: LOOPBACK_HOST,
    ports: nodes.map((node) => node.port),
    nodes,
    version: first.version,
    settings: {
      ...first.settings,
      nodes: `${count} independent`,
      clock: options.clockShim ? 'LD_PRELOAD shim, offset and drift per node' : 'real',
    },
    external: false,
    clockShim: Boolean(options.clockShim),
    async setClockOffsetMs(index, offsetMs) {
      await setClockOffsetMs(offsetFileOf(index), offsetMs);
    },
    async setClock(index, setting) {
      await writeShimClock(offsetFileOf(index), setting);
    },
    stop,
  };
}
