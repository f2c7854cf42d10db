import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { useCramped } from './useCramped';

// happy-dom lays nothing out: the test sets the box's and the table's widths as the browser would
// lay them out, and plays the ResizeObserver's report.
let report: (() => void) | null = null;
class FakeResizeObserver {
  constructor(private readonly cb: () => void) {}
  observe() {
    report = this.cb;
  }
  disconnect() {
    report = null;
  }
}
const layout = { boxPx: 832, tablePx: 832 };

function Table() {
  const ref = useRef<HTMLDivElement>(null);
  const cramped = useCramped(ref);
  return (
    <div ref={ref} data-testid="box" className={cramped ? 'is-cramped' : ''}>
      <table />
    </div>
  );
}

/** The browser lays the page out at these widths and reports it. */
function laidOut(boxPx: number, tablePx: number) {
  layout.boxPx = boxPx;
  layout.tablePx = tablePx;
  act(() => report?.());
}

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', FakeResizeObserver);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(() => layout.boxPx);
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(
    () => ({ width: layout.tablePx }) as DOMRect,
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('useCramped', () => {
  it('is cramped while the table is wider than its box, and tries full width once the box grows', () => {
    render(<Table />);
    const box = screen.getByTestId('box');
    laidOut(832, 832);
    expect(box.className).toBe('');
    // A reader's text spacing widens the table past its box.
    laidOut(832, 978);
    expect(box.className).toBe('is-cramped');
    // Wrapped, it fits; the box keeps its width: it stays cramped.
    laidOut(832, 730);
    expect(box.className).toBe('is-cramped');
    // A wider window: full width is tried again, and kept where it fits.
    laidOut(1000, 978);
    expect(box.className).toBe('');
  });

  it('turns cramped again at once when the box grew but not enough, even if the table’s width did not change', () => {
    render(<Table />);
    const box = screen.getByTestId('box');
    laidOut(688, 790);
    expect(box.className).toBe('is-cramped');
    laidOut(764, 790);
    expect(box.className).toBe('is-cramped');
  });
});
