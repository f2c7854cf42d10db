import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import {
  jumpLabel,
  jumpLabelPlace,
  labelXClearOf,
  layoutRedlock,
  labelSpan,
  pauseLabelAt,
  writeLabel,
  writeLabelAt,
  ownersAt,
  redlockModel,
  rowLabelsAbove,
  twoHoldersLabelAt,
  UNIT_CLEARANCE_PX,
} from './redlock';
import type { Trace } from '../sim/trace/schema';
import { twoHoldersSentence } from '../panels/redlock/story';

// The clock-jump story, by hand: client 1 holds redis-1..3; redis-3's clock jumps; client 2
// takes redis-3..5 while client 1 still believes it holds the lock.
const clockJump: Trace = {
  format: 'fencing-lab/trace',
  version: 1,
  scenario: 'redlock-clock-jump',
  variant: 'default',
  backend: 'sim',
  seed: 1,
  params: { lock: 'redlock', ttlMs: 1000, jumpMs: 2000 },
  events: [
    { t: 0, actor: 'client-1', f: 'acquire', type: 'invoke', value: { ttlMs: 1000 } },
    {
      t: 20,
      actor: 'client-1',
      f: 'acquire',
      type: 'ok',
      value: { token: null, nodes: ['redis-1', 'redis-2', 'redis-3'], validityMs: 968 },
    },
    {
      t: 100,
      actor: 'nemesis',
      f: 'clock-jump',
      type: 'invoke',
      value: { node: 'redis-3', byMs: 2000 },
    },
    {
      t: 100,
      actor: 'nemesis',
      f: 'clock-jump',
      type: 'info',
      value: { node: 'redis-3', byMs: 2000 },
    },
    { t: 150, actor: 'client-2', f: 'acquire', type: 'invoke', value: { ttlMs: 1000 } },
    {
      t: 170,
      actor: 'client-2',
      f: 'acquire',
      type: 'ok',
      value: { token: null, nodes: ['redis-3', 'redis-4', 'redis-5'], validityMs: 968 },
    },
    { t: 200, actor: 'client-2', f: 'write', type: 'invoke', value: { body: 'v2', token: null } },
    {
      t: 201,
      actor: 'client-2',
      f: 'write',
      type: 'ok',
      value: { body: 'v2', token: null, fence: 0 },
    },
    { t: 300, actor: 'client-1', f: 'write', type: 'invoke', value: { body: 'v1', token: null } },
    {
      t: 301,
      actor: 'client-1',
      f: 'write',
      type: 'ok',
      value: { body: 'v1', token: null, fence: 0 },
    },
  ],
  outcome: {
    tokens: { 'client-1': [null], 'client-2': [null] },
    accepted: [],
    rejected: [],
    document: { body: 'v1', fence: 0 },
    holdersOverlap: true,
    verdict: 'two-holders',
  },
};

describe('redlockModel', () => {
  const m = redlockModel(clockJump);

  it('cuts the key short on the node whose clock jumped', () => {
    const on3 = m.holds.filter((h) => h.node === 'redis-3');
    expect(on3.map((h) => [h.actor, h.fromMs, h.toMs, h.endedBy])).toEqual([
      ['client-1', 20, 100, 'clock-jump'],
      ['client-2', 170, m.endMs, 'run-end'],
    ]);
    expect(m.jumps).toEqual([{ node: 'redis-3', atMs: 100, byMs: 2000 }]);
  });

  it('counts a clock jump from its effect, not from the injector’s request', () => {
    const trace = JSON.parse(
      readFileSync(
        new URL('../../recordings/redlock-clock-jump.default.redlock.json', import.meta.url),
        'utf8',
      ),
    ) as Trace;
    const effect = trace.events.find((e) => e.f === 'clock-jump' && e.type === 'info')!;
    const asked = trace.events.find((e) => e.f === 'clock-jump' && e.type === 'invoke')!;
    expect(effect.t).toBeGreaterThan(asked.t);
    const model = redlockModel(trace);
    expect(model.jumps.map((j) => j.atMs)).toEqual([effect.t]);
    const cut = model.holds.find((h) => h.endedBy === 'clock-jump')!;
    expect(cut.toMs).toBe(effect.t);
  });

  it('marks the moment a second client gets a majority while the first still believes', () => {
    expect(m.twoHolders).toEqual({
      atMs: 170,
      first: 'client-1',
      second: 'client-2',
      firstNodes: ['redis-1', 'redis-2', 'redis-3'],
      secondNodes: ['redis-3', 'redis-4', 'redis-5'],
      firstStillOn: ['redis-1', 'redis-2'],
    });
    expect(twoHoldersSentence(m)).toMatch(
      /^At 170 ms, client 2 holds 3 of 5 \(redis-3, redis-4 and redis-5\), while client 1 still believes it holds 3 of 5; its key is still on redis-1 and redis-2\./,
    );
  });

  it('ends the first key on a node when that node grants the second client, however near the expiry', () => {
    // The jump leaves client 1's key 2 ms past client 2's grant by the model's clock (keys timed
    // from the grant at 20 ms); yet redis-3 granted client 2, so client 1's key there was gone.
    const near = structuredClone(clockJump);
    for (const e of near.events) if (e.f === 'clock-jump') e.value = { node: 'redis-3', byMs: 848 };
    const model = redlockModel(near);
    expect(model.twoHolders?.firstStillOn).toEqual(['redis-1', 'redis-2']);
    expect(ownersAt(model, 170)['redis-3']).toBe('client-2');
    const on3 = model.holds.filter((h) => h.node === 'redis-3' && h.actor === 'client-1');
    expect(on3.map((h) => h.toMs)).toEqual([170]);
  });

  it('says who holds each node at a moment', () => {
    expect(ownersAt(m, 50)).toEqual({
      'redis-1': 'client-1',
      'redis-2': 'client-1',
      'redis-3': 'client-1',
      'redis-4': null,
      'redis-5': null,
    });
    expect(ownersAt(m, 120)['redis-3']).toBeNull();
    expect(ownersAt(m, 200)).toEqual({
      'redis-1': 'client-1',
      'redis-2': 'client-1',
      'redis-3': 'client-2',
      'redis-4': 'client-2',
      'redis-5': 'client-2',
    });
  });

  it('lists both writes, both accepted: nothing fences them', () => {
    expect(m.writes.map((w) => [w.actor, w.body, w.accepted])).toEqual([
      ['client-2', 'v2', true],
      ['client-1', 'v1', true],
    ]);
  });

  it('finds no two holders when the first released before the second took the lock', () => {
    const clean: Trace = {
      ...clockJump,
      events: [
        {
          t: 0,
          actor: 'client-1',
          f: 'acquire',
          type: 'ok',
          value: { nodes: ['redis-1', 'redis-2', 'redis-3'] },
        },
        { t: 10, actor: 'client-1', f: 'release', type: 'invoke' },
        { t: 11, actor: 'client-1', f: 'release', type: 'ok' },
        {
          t: 20,
          actor: 'client-2',
          f: 'acquire',
          type: 'ok',
          value: { nodes: ['redis-1', 'redis-2', 'redis-3'] },
        },
      ],
    };
    const c = redlockModel(clean);
    expect(c.twoHolders).toBeNull();
    expect(
      c.holds.filter((h) => h.actor === 'client-1').every((h) => h.endedBy === 'release'),
    ).toBe(true);
    expect(twoHoldersSentence(c)).toBe('No two clients held the lock at once in this run.');
  });

  it('ends a belief nobody let go of when its validity runs out, or at its last event if later', () => {
    const done: Trace = {
      ...clockJump,
      events: [
        {
          t: 0,
          actor: 'client-1',
          f: 'acquire',
          type: 'ok',
          value: { nodes: ['redis-1', 'redis-2', 'redis-3'], validityMs: 200 },
        },
        { t: 50, actor: 'client-1', f: 'write', type: 'invoke', value: { body: 'v1' } },
        { t: 51, actor: 'client-1', f: 'write', type: 'ok', value: { body: 'v1' } },
        {
          t: 300,
          actor: 'client-2',
          f: 'acquire',
          type: 'ok',
          value: { nodes: ['redis-3', 'redis-4', 'redis-5'], validityMs: 250 },
        },
        { t: 310, actor: 'client-2', f: 'write', type: 'ok', value: { body: 'v2' } },
      ],
    };
    const d = redlockModel(done);
    // Client 1 wrote, finished, and its validity ran out at 200 ms: it holds nobody up at 300,
    // though its keys (TTL 1000 ms) outlive it.
    expect(d.twoHolders).toBeNull();
    // Client 2 believes for its validity, drawn as far as the chart goes.
    expect(d.beliefs.map((b) => [b.actor, b.fromMs, b.toMs])).toEqual([
      ['client-1', 0, 200],
      ['client-2', 300, d.endMs],
    ]);
    expect(d.endMs).toBeLessThan(550);
    // Client 1 acting again after client 2's grant (a paused client waking) still believed.
    const late = redlockModel({
      ...done,
      events: [
        ...done.events,
        { t: 320, actor: 'client-1', f: 'write', type: 'ok', value: { body: 'v1b' } },
      ],
    });
    expect(late.twoHolders?.atMs).toBe(300);
  });
});

describe('layoutRedlock', () => {
  it('puts client rows above node rows and maps time across', () => {
    const m = redlockModel(clockJump);
    const l = layoutRedlock(m, { width: 500, labelWidth: 60, rowHeight: 30, top: 20 });
    expect(l.rows.map((r) => [r.id, r.kind])).toEqual([
      ['client-1', 'client'],
      ['client-2', 'client'],
      ['redis-1', 'node'],
      ['redis-2', 'node'],
      ['redis-3', 'node'],
      ['redis-4', 'node'],
      ['redis-5', 'node'],
    ]);
    expect(l.x(0)).toBe(60);
    expect(l.rows[2]!.y - l.rows[1]!.y).toBe(40); // a gap between clients and nodes
    expect(l.ticks.length).toBeGreaterThan(2);
  });

  it('writes no tick label over the unit at the right edge, at a phone’s width or a desktop’s', () => {
    // The GC pause story at 100 ms ends near a round 400 ms: its last tick fell under "ms".
    const m = redlockModel(clockJump);
    for (const width of [343, 375, 500, 760]) {
      const l = layoutRedlock({ ...m, endMs: 405 }, { width, labelWidth: 58 });
      expect(l.ticks.length, `${width} px`).toBeGreaterThan(1);
      for (const tick of l.ticks)
        expect(tick.x, `${tick.t} at ${width} px`).toBeLessThanOrEqual(width - UNIT_CLEARANCE_PX);
    }
  });

  it('at twice the text size, doubles the label column, the rows and the unit’s clearance', () => {
    const m = redlockModel(clockJump);
    const l = layoutRedlock({ ...m, endMs: 405 }, { width: 271, labelWidth: 58, textScale: 2 });
    expect(l.x(0)).toBe(116);
    expect(l.rowHeight).toBe(60);
    for (const tick of l.ticks) expect(tick.x).toBeLessThanOrEqual(271 - 2 * UNIT_CLEARANCE_PX);
  });
});

describe('row names above their rows, where the plot beside them would be narrow', () => {
  it('keeps them beside the plot at the usual size, down to a 320 px phone', () => {
    expect(rowLabelsAbove(266, 58, 1)).toBe(false);
    expect(rowLabelsAbove(801, 72, 1)).toBe(false);
    // At 200% on a wide screen the plot beside 144 px of names is still wide enough.
    expect(rowLabelsAbove(764, 72, 2)).toBe(false);
  });

  it('puts them above at 200% on a phone, where the names took 116 of 297 px', () => {
    expect(rowLabelsAbove(297, 58, 2)).toBe(true);
    expect(rowLabelsAbove(480, 72, 2)).toBe(true);
  });

  it('gives the plot the whole width and each row a line for its name above its band', () => {
    const m = redlockModel(clockJump);
    const beside = layoutRedlock(m, { width: 297, labelWidth: 58, textScale: 2 });
    const above = layoutRedlock(m, { width: 297, labelWidth: 58, textScale: 2, labelsAbove: true });
    expect(beside.x(0)).toBe(116);
    expect(above.x(0)).toBe(20);
    expect(above.labelsAbove).toBe(true);
    // 96 px more for the plot: the names' 116 px column, less a 20 px margin.
    const plotPx = (l: typeof above) => l.x.range()[1]! - l.x.range()[0]!;
    expect(plotPx(above) - plotPx(beside)).toBe(96);
    for (const [i, r] of above.rows.entries()) {
      // The name sits between the band above (if any) and its own band.
      expect(r.labelY).toBeLessThan(r.y);
      const prev = above.rows[i - 1];
      if (prev) expect(r.labelY - 11 * 2).toBeGreaterThan(prev.y + above.rowHeight - 6 * 2);
    }
    // Beside, a name sits in its band.
    for (const r of beside.rows) {
      expect(r.labelY).toBeGreaterThan(r.y);
      expect(r.labelY).toBeLessThan(r.y + beside.rowHeight);
    }
  });
});

describe('labels clear of the line of two holders', () => {
  it('moves a write’s label that would lie across the line to the mark’s other side, or shortens it', () => {
    // At the usual size, clear of the line: as before.
    expect(writeLabel(180, 320, 58, 'v2', 1, 170)).toEqual({
      x: 188,
      anchor: 'start',
      text: 'writes v2',
    });
    // 200% on a 375 px phone, names above: "writes v2" leftwards lay across the line at 140;
    // rightwards it fits.
    expect(writeLabel(160, 297, 20, 'v2', 2, 140)).toEqual({
      x: 168,
      anchor: 'start',
      text: 'writes v2',
    });
    // "writes v1" fits neither side clear of the line: "v1" on its usual side does.
    expect(writeLabel(230, 297, 20, 'v1', 2, 140)).toEqual({ x: 222, anchor: 'end', text: 'v1' });
  });

  it('writes “two holders” beside its line where a side has room, else centred within the figure', () => {
    expect(twoHoldersLabelAt(170, 320)).toEqual({ x: 174, anchor: 'start' });
    expect(twoHoldersLabelAt(290, 320)).toEqual({ x: 286, anchor: 'end' });
    // 200% on a 320 px phone, names above: the line at 116 of 247 px, no room either side.
    const at = twoHoldersLabelAt(116, 247, 14);
    expect(at.anchor).toBe('middle');
    expect(at.x - (11 * 14) / 2).toBeGreaterThanOrEqual(0);
    expect(at.x + (11 * 14) / 2).toBeLessThanOrEqual(247);
  });
});

describe('a write’s label at twice the text size', () => {
  it('says just the body where “writes v2” would run into the row names', () => {
    // A 271 px figure (a 375 px phone at 200% text): the plot starts at 116 px.
    expect(writeLabel(190, 271, 116, 'v2', 2)).toEqual({ x: 182, anchor: 'end', text: 'v2' });
    expect(writeLabel(250, 600, 116, 'v2', 2)).toEqual({
      x: 258,
      anchor: 'start',
      text: 'writes v2',
    });
  });
});

describe('chart labels that keep clear of bars and lines', () => {
  const m = redlockModel(clockJump);
  const jump = m.jumps[0]!;
  // Client 2's key on redis-3 begins after the jump; the label must end before it does.
  const nextHold = m.holds.find((h) => h.node === jump.node && h.fromMs >= jump.atMs)!;

  it('writes the clock jump as long as the room before the next key allows', () => {
    // A scale that leaves this many px between the jump's line and the next key, less 8 of margin.
    const roomFor = (px: number) => (ms: number) =>
      (ms * (px + 8.5)) / (nextHold.fromMs - jump.atMs); // half a px spare, against rounding
    expect(jumpLabel(m, jump, roomFor(14 * 7))).toBe('clock +2000 ms');
    expect(jumpLabel(m, jump, roomFor(13 * 7))).toBe('+2000 ms');
    expect(jumpLabel(m, jump, roomFor(8 * 7))).toBe('+2000 ms');
    expect(jumpLabel(m, jump, roomFor(7 * 7))).toBe('+2 s');
    expect(jumpLabel(m, jump, roomFor(0))).toBe('+2 s');
  });

  it('puts the clock jump on its row’s name line where even “+2 s” runs into the next key', () => {
    // 50 px between the jump and the next key at 200% (14 px a letter): "+2 s" needs 56.
    const x = (ms: number) => 20 + ((ms - jump.atMs) * 58) / (nextHold.fromMs - jump.atMs);
    const nameLine = { nameEndX: 4 + 7 * 14, width: 297 };
    expect(jumpLabelPlace(m, jump, x, 14, null)).toEqual({
      text: '+2 s',
      x: 24,
      onNameLine: false,
    });
    expect(jumpLabelPlace(m, jump, x, 14, nameLine)).toEqual({
      text: '+2000 ms',
      x: 116,
      onNameLine: true,
    });
    // The two-holders line through where it would stand: it starts after the line instead.
    expect(jumpLabelPlace(m, jump, x, 14, nameLine, 150)).toEqual({
      text: '+2000 ms',
      x: 156,
      onNameLine: true,
    });
    // With no room after the line either, a shorter form, still clear of the line.
    const narrow = { ...nameLine, width: 230 };
    expect(jumpLabelPlace(m, jump, x, 14, narrow, 150)).toEqual({
      text: '+2 s',
      x: 156,
      onNameLine: true,
    });
    // Where the label fits beside its line, it stays there.
    const roomy = (ms: number) => ((ms - jump.atMs) * 300) / (nextHold.fromMs - jump.atMs);
    expect(jumpLabelPlace(m, jump, roomy, 14, nameLine).onNameLine).toBe(false);
  });

  it('moves a bar’s label off a line through its middle, to the longer side', () => {
    expect(labelXClearOf(0, 400, null, 'paused')).toBe(200);
    expect(labelXClearOf(0, 400, 350, 'paused')).toBe(200); // the line is clear of it
    expect(labelXClearOf(0, 400, 210, 'paused')).toBe(105); // left part is longer
    expect(labelXClearOf(0, 400, 190, 'paused')).toBe(295); // right part is longer
    // Neither side has room: stay in the middle rather than spill out of the bar.
    expect(labelXClearOf(0, 80, 40, 'paused')).toBe(40);
  });

  it('labels a pause inside its bar only when the bar holds the word, else just before it', () => {
    // A wide bar: the label sits in its middle, as labelXClearOf puts it.
    expect(pauseLabelAt(100, 400, null, 'paused', 60)).toEqual({ x: 250, anchor: 'middle' });
    // A sliver (a 0 ms pause, or a short one on a phone): the label ends 8 px left of the bar,
    // clear of the write drawn at the bar's end.
    expect(pauseLabelAt(200, 203, null, 'paused', 60)).toEqual({ x: 192, anchor: 'end' });
    // No room before the bar either, at the row's start: no label rather than one over others.
    expect(pauseLabelAt(80, 81, null, 'paused', 60)).toBeNull();
  });

  it('keeps a pause’s label off the write drawn leftwards over its bar near the right edge', () => {
    // A 320 px phone (a 262 px chart): the write at the pause's end, 187 px, is near enough the
    // right edge that its label goes left of its mark, over the bar's middle.
    const write = writeLabelAt(187, 262);
    expect(write.anchor).toBe('end');
    const writeSpan = labelSpan(write.x, write.anchor, 'writes v1');
    const taken = [[181, 193] as const, writeSpan];
    const overlaps = (label: { x: number; anchor: 'middle' | 'end' } | null) => {
      if (!label) return false;
      const [left, right] = labelSpan(label.x, label.anchor, 'paused');
      return taken.some(([a, b]) => right > a && left < b);
    };
    // A bar from 60 px has room before the write's label: the word goes there.
    const roomy = pauseLabelAt(60, 187, null, 'paused', 58, taken);
    expect(roomy).not.toBeNull();
    expect(overlaps(roomy)).toBe(false);
    // A bar from 88 px has none, nor has the row before it: no label rather than one under it.
    expect(pauseLabelAt(88, 187, null, 'paused', 58, taken)).toBeNull();
  });
});
