import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { LaneTimeline } from './LaneTimeline';
import { etcdLeaseTrace, pausedClientTrace } from '../replay/fixtures';
import { simulate } from '../../sim/simulate';

afterEach(cleanup);

/** The boxes of a touch target's path (rectsPath): x, y, width and height of each. */
function rectsOf(d: string): number[][] {
  return [...d.matchAll(/M([-\d.]+),([-\d.]+)h([-\d.]+)v([-\d.]+)/g)].map((g) =>
    g.slice(1, 5).map(Number),
  );
}

describe('LaneTimeline', () => {
  it('is one tab stop; the arrows move between events and say what happened', () => {
    render(<LaneTimeline trace={pausedClientTrace(true)} title="Timeline" />);
    const marks = screen.getAllByRole('button');
    expect(marks.filter((m) => m.getAttribute('tabindex') === '0')).toHaveLength(1);
    const first = marks.find((m) => m.getAttribute('tabindex') === '0')!;
    fireEvent.focus(first);
    fireEvent.keyDown(first, { key: 'ArrowRight' });
    const second = document.activeElement as Element;
    expect(second).not.toBe(first);
    expect(second.getAttribute('tabindex')).toBe('0');
    expect(first.getAttribute('tabindex')).toBe('-1');
    fireEvent.focus(second);
    expect(document.querySelector('.lt-detail')?.textContent).not.toMatch(/to see what happened/);
  });

  it('tells a reader on a phone, who cannot hover, to tap an event', () => {
    render(<LaneTimeline trace={pausedClientTrace(true)} title="Timeline" />);
    expect(document.querySelector('.lt-hint')?.textContent).toMatch(/\bTap\b/);
  });

  it('hands a chosen event to the replay with Enter, and keeps Space from reaching it', () => {
    const onPick = vi.fn();
    const onKeyDown = vi.fn();
    render(
      <div onKeyDown={onKeyDown}>
        <LaneTimeline trace={pausedClientTrace(true)} title="Timeline" onPick={onPick} />
      </div>,
    );
    const reject = screen.getByRole('button', { name: /The storage rejects “v1”/ });
    fireEvent.keyDown(reject, { key: 'Enter' });
    expect(onPick).toHaveBeenCalledWith(
      expect.objectContaining({ kind: 'rejected', eventIndex: 9 }),
    );
    fireEvent.keyDown(reject, { key: ' ' });
    expect(onPick).toHaveBeenCalledTimes(2);
    expect(onKeyDown).not.toHaveBeenCalled();
  });

  it('keeps every touch target under every drawn mark, so a tap reaches the mark it lands on', () => {
    const { container } = render(<LaneTimeline trace={pausedClientTrace(true)} title="Timeline" />);
    const targets = [...container.querySelectorAll('.lt-hit')];
    const drawn = [...container.querySelectorAll('.lt-shape')];
    expect(targets.length).toBeGreaterThan(0);
    // SVG paints, and hit-tests, in document order: the last target drawn is still under the
    // first mark drawn.
    const lastTarget = targets[targets.length - 1]!;
    expect(lastTarget.compareDocumentPosition(drawn[0]!) & Node.DOCUMENT_POSITION_FOLLOWING).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
  });

  it('chooses an event when its touch target is tapped beside the mark', () => {
    const onPick = vi.fn();
    const { container } = render(
      <LaneTimeline trace={pausedClientTrace(true)} title="Timeline" onPick={onPick} />,
    );
    const reject = screen.getByRole('button', { name: /The storage rejects “v1”/ });
    // The target under the mark, not the mark: the one that chooses the same mark.
    const target = container.querySelector(
      `.lt-hit[data-mark="${reject.getAttribute('data-mark')}"]`,
    )!;
    expect(target).not.toBeNull();
    fireEvent.click(target);
    expect(onPick).toHaveBeenCalledWith(
      expect.objectContaining({ kind: 'rejected', eventIndex: 9 }),
    );
    expect(document.activeElement).toBe(reject);
    expect(container.querySelector('.lt-detail')?.textContent).toMatch(/rejects “v1”/);
  });

  it('draws a grant and a write of the same moment one over the other, at their time, each with its own ring and target', () => {
    const onPick = vi.fn();
    const { container } = render(
      <LaneTimeline trace={pausedClientTrace(true)} title="Timeline" onPick={onPick} />,
    );
    const takes = screen.getByRole('button', { name: /client 2 takes the lock/ });
    const writes = screen.getByRole('button', { name: /client 2 sends “v2”/ });
    // Where each shape is drawn: its centre, from the transform that stacks it.
    const centre = (mark: Element) => {
      const g = mark.querySelector('circle')!.parentElement!;
      const [x, y] = /^translate\(([-\d.]+) ([-\d.]+)\)/
        .exec(g.getAttribute('transform') ?? '')!
        .slice(1)
        .map(Number);
      return { x: x!, y: y! };
    };
    const [a, b] = [centre(takes), centre(writes)];
    // 1 ms apart: under a px across at 720 px, and one over the other.
    expect(Math.abs(a.x - b.x)).toBeLessThan(1.5);
    expect(b.y - a.y).toBeGreaterThanOrEqual(12);
    const box = (el: Element) =>
      ['x', 'y', 'width', 'height'].map((attr) => Number(el.getAttribute(attr)));
    const [, ringTop, , ringHeight] = box(takes.querySelector('.lt-ring')!);
    const [, writeRingTop] = box(writes.querySelector('.lt-ring')!);
    expect(ringTop! + ringHeight!).toBeLessThanOrEqual(writeRingTop! + 0.01);
    // Each target is 24 px tall at least, the upper reaching up and the lower down, apart.
    const target = (mark: Element) =>
      rectsOf(
        container
          .querySelector(`.lt-hit[data-mark="${mark.getAttribute('data-mark')}"]`)!
          .getAttribute('d')!,
      );
    const [upper, lower] = [target(takes), target(writes)];
    const top = (rs: number[][]) => Math.min(...rs.map((r) => r[1]!));
    const bottom = (rs: number[][]) => Math.max(...rs.map((r) => r[1]! + r[3]!));
    expect(Math.max(...upper.map((r) => r[3]!))).toBeGreaterThanOrEqual(24);
    expect(Math.max(...lower.map((r) => r[3]!))).toBeGreaterThanOrEqual(24);
    expect(bottom(upper)).toBeLessThanOrEqual(top(lower) + 0.01);
    expect(top(upper)).toBeLessThan(a.y);
    expect(bottom(lower)).toBeGreaterThan(b.y);
  });

  it('tells of the run it draws, not of the run a reader had looked at before', () => {
    const { rerender } = render(<LaneTimeline trace={pausedClientTrace(true)} title="Timeline" />);
    const detail = () => document.querySelector('.lt-detail')?.textContent ?? '';
    const pause = screen.getByRole('button', { name: /is paused from 10 ms/ });
    fireEvent.focus(pause);
    expect(detail()).toMatch(/paused from 10 ms/);
    // The reader picks another scenario: the figure redraws with another run's events.
    rerender(<LaneTimeline trace={etcdLeaseTrace()} title="Timeline" />);
    const said = detail();
    const current = screen
      .getAllByRole('button')
      .map((m) => (m.getAttribute('aria-label') ?? '').toLowerCase());
    expect(said).not.toMatch(/paused from 10 ms/);
    expect(
      said.startsWith('Tap or hover over') ||
        current.includes(said.replace(/^(\S+ ms) /, '$1: ').toLowerCase()),
    ).toBe(true);
  });

  it('lets go of a hovered event when the run changes, though the new run has a mark in its place', () => {
    const { rerender } = render(<LaneTimeline trace={pausedClientTrace(true)} title="Timeline" />);
    const detail = () => document.querySelector('.lt-detail')?.textContent ?? '';
    const grant = screen.getByRole('button', { name: /client 2 takes the lock/ });
    const id = grant.getAttribute('data-mark');
    fireEvent.mouseEnter(grant);
    expect(detail()).toMatch(/takes the lock/i);
    // Another scenario: its events are other events, one of them under the same id.
    rerender(<LaneTimeline trace={etcdLeaseTrace()} title="Timeline" />);
    const inItsPlace = document.querySelector(`.lt-mark[data-mark="${id}"]`);
    expect(inItsPlace).not.toBeNull();
    expect(detail()).toMatch(/^Tap or hover over an event/);
  });

  it('goes on telling of the mark that keeps the keyboard’s focus through a change of run', () => {
    const { rerender } = render(<LaneTimeline trace={pausedClientTrace(true)} title="Timeline" />);
    const detail = () => document.querySelector('.lt-detail')?.textContent ?? '';
    const grant = screen.getByRole('button', { name: /client 2 takes the lock/ });
    act(() => (grant as unknown as SVGGElement).focus());
    expect(detail()).toMatch(/takes the lock/i);
    rerender(<LaneTimeline trace={etcdLeaseTrace()} title="Timeline" />);
    const focused = document.activeElement!;
    expect(focused.getAttribute('data-mark')).toBe(grant.getAttribute('data-mark'));
    // The line says what the focused mark's name says, in the run now drawn.
    expect(detail().toLowerCase()).toBe(
      (focused.getAttribute('aria-label') ?? '').replace(/^(\S+ ms): /, '$1 ').toLowerCase(),
    );
  });

  it('draws a playhead at the replay’s moment', () => {
    // Where the playhead sits, from the transform that places it: later moments lie further right.
    const playheadX = (nowMs: number) => {
      const { container, unmount } = render(
        <LaneTimeline trace={pausedClientTrace(true)} title="Timeline" nowMs={nowMs} />,
      );
      const style = container.querySelector('.lt-now')?.getAttribute('style') ?? '';
      unmount();
      return Number(/translateX\((-?[\d.]+)px\)/.exec(style)?.[1]);
    };
    const [start, now, end] = [0, 321, 513].map(playheadX);
    expect(start).toBeLessThan(now!);
    expect(now).toBeLessThan(end!);
  });

  it('passes the playhead behind every label and lane name, not through their letters', () => {
    const { container } = render(
      <LaneTimeline trace={pausedClientTrace(true)} title="Timeline" nowMs={321} />,
    );
    const line = container.querySelector('.lt-now')!;
    // The line is cut by a mask that stays put while the line glides, so the mask is on a group
    // round the line, not on the line that the transform moves.
    const masked = line.parentElement!;
    const id = /^url\(#(.+)\)$/.exec(masked.getAttribute('mask') ?? '')?.[1];
    expect(id).toBeTruthy();
    const mask = container.querySelector(`mask[id="${id}"]`)!;
    expect(mask.getAttribute('maskUnits')).toBe('userSpaceOnUse');
    const holes = [...mask.querySelectorAll('rect[fill="black"]')].map((r) =>
      ['x', 'y', 'width', 'height'].map((a) => Number(r.getAttribute(a))),
    );
    const labels = container.querySelectorAll('.lt-label');
    const names = container.querySelectorAll('.lt-lane-label');
    expect(labels.length).toBeGreaterThan(0);
    expect(holes).toHaveLength(labels.length + names.length);
    // Each label's baseline runs through a hole that starts at or left of its x (the hole of a
    // centred label reaches either side of it).
    for (const label of labels) {
      const x = Number(label.getAttribute('x'));
      const y = Number(label.getAttribute('y'));
      expect(
        holes.some(([hx, hy, w, h]) => hx! <= x && x <= hx! + w! && hy! < y && y < hy! + h!),
        label.textContent ?? '',
      ).toBe(true);
    }
  });
});

describe('LaneTimeline, a fault', () => {
  it('is ringed at the step of its request as well as at the step of its effect', () => {
    const trace = simulate({ scenario: 'redis-failover', variant: 'fencing-on', seed: 1 });
    const asked = trace.events.findIndex((e) => e.f === 'failover' && e.type === 'invoke');
    const done = trace.events.findIndex((e) => e.f === 'failover' && e.type !== 'invoke');
    const ringed = (active: number) => {
      const { container, unmount } = render(
        <LaneTimeline trace={trace} title="Timeline" activeEventIndex={active} />,
      );
      const label = container.querySelector('.lt-mark.is-active .lt-label')?.textContent ?? null;
      unmount();
      return label;
    };
    expect(ringed(asked)).toBe('failover');
    expect(ringed(done)).toBe('failover');
    expect(ringed(asked - 1)).not.toBe('failover');
  });
});
