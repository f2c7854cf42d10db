import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { LaneTimeline } from './LaneTimeline';
import { pausedClientTrace } from '../replay/fixtures';

// The reader's text at 200%: the root font size the page measures is 32 px.
vi.mock('./useTextScale', () => ({ BASE_ROOT_FONT_PX: 16, useTextScale: () => 2 }));

afterEach(cleanup);

/** The size a mark's shape is drawn at, over its 14 px at the default (its transform's scale). */
function drawnScale(mark: Element): number {
  const g = mark.querySelector('circle, rect.lt-shape, path.lt-shape')!.parentElement!;
  const scale = /scale\(([-\d.]+)\)/.exec(g.getAttribute('transform') ?? '');
  return scale ? Number(scale[1]) : 1;
}

describe('LaneTimeline at twice the text size', () => {
  it('draws the marks and their bars twice as large, as the labels beside them, the rings round them', () => {
    const { container } = render(<LaneTimeline trace={pausedClientTrace(true)} title="Timeline" />);
    // A lone point: 28 px across; its ring 6 px round it, as at the default: 40 px.
    const reject = screen.getByRole('button', { name: /The storage rejects “v1”/ });
    expect(drawnScale(reject)).toBe(2);
    const ring = reject.querySelector('.lt-ring')!;
    expect(Number(ring.getAttribute('width'))).toBe(40);
    expect(Number(ring.getAttribute('height'))).toBe(40);
    // A stacked point: its place in the stack, at twice the size.
    const takes = screen.getByRole('button', { name: /client 2 takes the lock/ });
    expect(drawnScale(takes)).toBeGreaterThan(1);
    // A bar: 28 px tall.
    const hold = container.querySelector('.lt-hold rect.lt-shape')!;
    expect(Number(hold.getAttribute('height'))).toBe(28);
  });
});
