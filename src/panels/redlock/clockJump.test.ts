import { describe, expect, it } from 'vitest';
import { redlockModel } from '../../viz/redlock';
import { CLOCK_JUMP_RANGE_MS, clockJumpRun, clockJumpSetup, noSecondMajority } from './clockJump';

describe('sizing the clock jump', () => {
  it('gives two holders from some size on, and for every bigger jump, as the panel says', () => {
    const twoHolders: boolean[] = [];
    for (
      let ms = CLOCK_JUMP_RANGE_MS.min;
      ms <= CLOCK_JUMP_RANGE_MS.max;
      ms += CLOCK_JUMP_RANGE_MS.step
    ) {
      const { trace } = clockJumpRun.run(ms);
      expect(trace, `${ms} ms`).not.toBeNull();
      twoHolders.push(trace!.outcome.holdersOverlap);
    }
    const first = twoHolders.indexOf(true);
    expect(first).toBeGreaterThan(0);
    expect(twoHolders.slice(first).every(Boolean)).toBe(true);
    expect(twoHolders.slice(0, first).some(Boolean)).toBe(false);
  });

  it('runs the recorded size as the panel first shows it', () => {
    const { trace } = clockJumpRun.run(clockJumpRun.recordedMs);
    expect(trace?.params.jumpMs).toBe(clockJumpRun.recordedMs);
    expect(trace?.outcome.verdict).toBe('two-holders');
  });
});

describe('what the panel says about the clock jump', () => {
  it('names the size from which jumps give two holders, within one step of the slider', () => {
    let firstTwoHoldersMs: number | null = null;
    let smallTrace = null;
    for (
      let ms = CLOCK_JUMP_RANGE_MS.min;
      ms <= CLOCK_JUMP_RANGE_MS.max;
      ms += CLOCK_JUMP_RANGE_MS.step
    ) {
      const { trace } = clockJumpRun.run(ms);
      if (trace!.outcome.holdersOverlap) {
        firstTwoHoldersMs = ms;
        break;
      }
      smallTrace = trace;
    }
    expect(firstTwoHoldersMs).not.toBeNull();
    const said = noSecondMajority(CLOCK_JUMP_RANGE_MS.min, smallTrace!);
    const named = /the jump has to be about (\d+) ms or more/.exec(said);
    expect(named, said).not.toBeNull();
    expect(Math.abs(Number(named![1]) - firstTwoHoldersMs!)).toBeLessThanOrEqual(
      CLOCK_JUMP_RANGE_MS.step,
    );
  });

  it('words the jump as it is said: none at 0 ms, “an” 800 ms', () => {
    const said = (ms: number) => noSecondMajority(ms, clockJumpRun.run(ms).trace!);
    expect(said(0)).toMatch(
      /^With no jump, client 1’s key was still alive on redis-3 when client 2 asked,/,
    );
    expect(said(800)).toMatch(/^An 800 ms jump left client 1’s key alive on redis-3/);
    expect(said(500)).toMatch(/^A 500 ms jump left/);
    expect(said(11)).toMatch(/^An 11 ms jump/);
    expect(said(1800)).toMatch(/^A 1800 ms jump/);
    // What client 2 did is told in the past, as what client 1 did is.
    expect(said(500)).toMatch(/when it asked, at 0 ms, and client 2 asked at 150 ms, so/);
  });

  it('says which nodes each client reaches, as the recorded story’s grants show', () => {
    const { trace } = clockJumpRun.run(clockJumpRun.recordedMs);
    const granted = (actor: string) =>
      trace!.events.find((e) => e.actor === actor && e.f === 'acquire' && e.type === 'ok')?.value
        ?.nodes as string[];
    const words = (nodes: string[]) => `${nodes.slice(0, -1).join(', ')} and ${nodes.at(-1)}`;
    const setup = clockJumpSetup(trace!.params.ttlMs as number);
    expect(setup).toContain(`client 1 can reach only ${words(granted('client-1'))},`);
    expect(setup).toContain(`client 2 only ${words(granted('client-2'))},`);
    expect(setup).toContain(`a ${trace!.params.ttlMs} ms TTL`);
  });
});

describe('who holds redis-3 when client 2 takes it', () => {
  it('never says client 1’s key is still on a node client 2 was just granted, at any jump', () => {
    const wrong: string[] = [];
    for (
      let ms = CLOCK_JUMP_RANGE_MS.min;
      ms <= CLOCK_JUMP_RANGE_MS.max;
      ms += CLOCK_JUMP_RANGE_MS.step
    ) {
      const th = redlockModel(clockJumpRun.run(ms).trace!).twoHolders;
      const both = th?.firstStillOn.filter((n) => th.secondNodes.includes(n)) ?? [];
      if (both.length > 0) wrong.push(`${ms} ms: ${both.join(', ')}`);
    }
    expect(wrong).toEqual([]);
  });
});

describe('the reader’s jump in the URL', () => {
  it('writes it beside other parameters, reads it back, and snaps it to the slider’s steps', () => {
    expect(clockJumpRun.search('?scenario=paused-client', 500)).toBe(
      '?scenario=paused-client&try-jump=500',
    );
    expect(clockJumpRun.search('?try-jump=500', null)).toBe('');
    expect(clockJumpRun.parse('?try-jump=500')).toEqual({ ms: 500, problem: null });
    expect(clockJumpRun.parse('?try-jump=520')).toEqual({
      ms: 500,
      problem:
        'The link’s try-jump 520 ms falls between the slider’s 50 ms steps, so it runs as 500 ms.',
    });
    expect(clockJumpRun.parse('?step=3')).toEqual({ ms: null, problem: null });
  });

  it.each(['abc', '-5', '2500', '', '1e3'])('refuses try-jump=%j with a sentence', (raw) => {
    const parsed = clockJumpRun.parse(`?try-jump=${raw}`);
    expect(parsed.ms).toBeNull();
    expect(parsed.problem).toContain(`try-jump “${raw}” is not a number of ms from 0 to 2000`);
  });
});
