import { describe, expect, it } from 'vitest';
import type { ComponentType } from 'react';
import { createPanelTurns } from './panelTurns';

const A: ComponentType = () => null;
const B: ComponentType = () => null;
const C: ComponentType = () => null;
/** Lets the promises that have settled call back. */
const settle = () => new Promise((done) => setTimeout(done, 0));

/** Frames by hand: each `frame()` runs what was asked for before the next frame. */
function frames() {
  const asked: (() => void)[] = [];
  return {
    nextFrame: () => (show: () => void) => void asked.push(show),
    frame: () => asked.splice(0).forEach((show) => show()),
    pending: () => asked.length,
  };
}

describe('createPanelTurns', () => {
  it('shows one panel a frame, in the page’s order, however many arrived together', async () => {
    const { nextFrame, frame } = frames();
    const turns = createPanelTurns(
      { a: async () => A, b: async () => B, c: async () => C },
      nextFrame,
    );
    const shown = () => ['a', 'b', 'c'].filter((id) => turns.turnOf(id).status === 'shown');
    turns.start();
    await settle();
    expect(shown()).toEqual([]);
    frame();
    expect(shown()).toEqual(['a']);
    // The next waits until React has committed the last, however many frames pass.
    frame();
    expect(shown()).toEqual(['a']);
    turns.committed('a');
    frame();
    expect(shown()).toEqual(['a', 'b']);
    turns.committed('b');
    frame();
    expect(shown()).toEqual(['a', 'b', 'c']);
    expect(turns.turnOf('c')).toEqual({ status: 'shown', Panel: C });
  });

  it('does not hold a panel that arrived back behind one still on its way', async () => {
    const { nextFrame, frame } = frames();
    let arriveA: (panel: ComponentType) => void = () => {};
    const turns = createPanelTurns(
      { a: () => new Promise((resolve) => (arriveA = resolve)), b: async () => B },
      nextFrame,
    );
    turns.start();
    await settle();
    frame();
    expect(turns.turnOf('a').status).toBe('waiting');
    expect(turns.turnOf('b').status).toBe('shown');
    turns.committed('b');
    arriveA(A);
    await settle();
    frame();
    expect(turns.turnOf('a').status).toBe('shown');
  });

  it('gives a panel whose code did not arrive its error, and tells subscribers of each turn', async () => {
    const { nextFrame, frame } = frames();
    const turns = createPanelTurns(
      {
        a: () => Promise.reject(new Error('Failed to fetch dynamically imported module')),
        b: async () => B,
      },
      nextFrame,
    );
    let told = 0;
    turns.subscribe(() => told++);
    let allShown = false;
    void turns.allShown().then(() => (allShown = true));
    turns.start();
    await settle();
    frame();
    turns.committed('a');
    frame();
    await settle();
    const a = turns.turnOf('a');
    expect(a.status === 'failed' && a.error.message).toBe(
      'Failed to fetch dynamically imported module',
    );
    expect(told).toBe(2);
    expect(allShown).toBe(true);
  });

  it('does not wait for a failed panel to be committed: the next takes the next frame', async () => {
    const { nextFrame, frame } = frames();
    const turns = createPanelTurns(
      { a: () => Promise.reject(new Error('no chunk')), b: async () => B },
      nextFrame,
    );
    turns.start();
    await settle();
    frame();
    expect(turns.turnOf('a').status).toBe('failed');
    // Its error line never reports a commit; b goes at the next frame, not after the wait.
    frame();
    expect(turns.turnOf('b').status).toBe('shown');
  });

  it('goes on after a while if the last panel is never committed', async () => {
    const { nextFrame, frame } = frames();
    const turns = createPanelTurns({ a: async () => A, b: async () => B }, nextFrame);
    turns.start();
    await settle();
    frame();
    await new Promise((done) => setTimeout(done, 600));
    frame();
    expect(turns.turnOf('b').status).toBe('shown');
  });

  it('shows everything at once where there are no frames (a hidden tab)', async () => {
    const turns = createPanelTurns({ a: async () => A, b: async () => B }, () => null);
    turns.start();
    await settle();
    expect(turns.turnOf('a').status).toBe('shown');
    expect(turns.turnOf('b').status).toBe('shown');
  });

  it('fetches each panel once, however often it is started', async () => {
    let fetched = 0;
    const { nextFrame, pending } = frames();
    const turns = createPanelTurns(
      {
        a: async () => {
          fetched++;
          return A;
        },
      },
      nextFrame,
    );
    turns.start();
    turns.start();
    await settle();
    expect(fetched).toBe(1);
    expect(pending()).toBe(1);
  });
});
