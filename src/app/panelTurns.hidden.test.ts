// @vitest-environment happy-dom
// The page's own frames (panelTurns' default): a hidden tab gets no animation frames, so its
// panels must not wait for one.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ComponentType } from 'react';
import { createPanelTurns } from './panelTurns';

const A: ComponentType = () => null;
const B: ComponentType = () => null;
const settle = () => new Promise((done) => setTimeout(done, 0));

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

afterEach(() => {
  setVisibility('visible');
  vi.unstubAllGlobals();
});

describe('panel turns in a tab the reader cannot see', () => {
  it('a tab opened in the background takes every panel at once, without a frame', async () => {
    // As in Chrome, no frame ever comes while the tab is hidden.
    vi.stubGlobal('requestAnimationFrame', () => 0);
    setVisibility('hidden');
    const turns = createPanelTurns({ a: async () => A, b: async () => B });
    turns.start();
    await settle();
    expect(turns.turnOf('a').status).toBe('shown');
    expect(turns.turnOf('b').status).toBe('shown');
  });

  it('a tab hidden while a panel waits for its frame does not leave the rest waiting', async () => {
    vi.stubGlobal('requestAnimationFrame', () => 0);
    const turns = createPanelTurns({ a: async () => A, b: async () => B });
    turns.start();
    await settle();
    // Visible: a frame was asked for, and it never comes once the reader switches tabs.
    expect(turns.turnOf('a').status).toBe('waiting');
    setVisibility('hidden');
    turns.committed('a');
    await settle();
    expect(turns.turnOf('a').status).toBe('shown');
    expect(turns.turnOf('b').status).toBe('shown');
  });
});
