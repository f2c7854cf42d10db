import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { useWidth } from './useWidth';

// happy-dom lays nothing out: the test plays what the browser's ResizeObserver would report
// once it has laid the chart's box out.
type Report = (entries: ResizeObserverEntry[]) => void;
const observers = new Map<Element, Report>();
class FakeResizeObserver {
  constructor(private readonly report: Report) {}
  observe(el: Element) {
    observers.set(el, this.report);
  }
  disconnect() {
    for (const [el, report] of observers) if (report === this.report) observers.delete(el);
  }
}
function laidOutAt(el: Element, widthPx: number) {
  const entry = {
    target: el,
    borderBoxSize: [{ inlineSize: widthPx, blockSize: 100 }],
    contentRect: { width: widthPx },
  } as unknown as ResizeObserverEntry;
  act(() => observers.get(el)?.([entry]));
}

function Chart() {
  const ref = useRef<HTMLDivElement>(null);
  const width = useWidth(ref, 720);
  return (
    <div ref={ref} data-testid="box">
      {width === null ? 'not measured' : width}
    </div>
  );
}

beforeEach(() => vi.stubGlobal('ResizeObserver', FakeResizeObserver));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  observers.clear();
});

describe('useWidth', () => {
  it('never reads the box on mount, which would force a layout of the whole page', () => {
    const read = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect');
    const widthRead = vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get');
    render(<Chart />);
    expect(read).not.toHaveBeenCalled();
    expect(widthRead).not.toHaveBeenCalled();
  });

  it('gives no width until the browser reports one, so nothing is drawn at a guess first', () => {
    render(<Chart />);
    expect(screen.getByTestId('box').textContent).toBe('not measured');
  });

  it('gives the fallback at once where there is no ResizeObserver to report', () => {
    vi.stubGlobal('ResizeObserver', undefined);
    render(<Chart />);
    expect(screen.getByTestId('box').textContent).toBe('720');
  });

  it('takes the width the browser reports once it has laid the box out, and follows it', () => {
    render(<Chart />);
    const box = screen.getByTestId('box');
    laidOutAt(box, 343.6);
    expect(box.textContent).toBe('343');
    laidOutAt(box, 800);
    expect(box.textContent).toBe('800');
  });

  it('keeps the last width while the box is not rendered (reported as 0 wide)', () => {
    render(<Chart />);
    const box = screen.getByTestId('box');
    laidOutAt(box, 500);
    laidOutAt(box, 0);
    expect(box.textContent).toBe('500');
  });

  it('stops observing when the chart goes', () => {
    const { unmount } = render(<Chart />);
    expect(observers.size).toBe(1);
    unmount();
    expect(observers.size).toBe(0);
  });
});
