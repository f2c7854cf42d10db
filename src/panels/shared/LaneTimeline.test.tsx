import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { LaneTimeline } from './LaneTimeline';
import { pausedClientTrace } from '../replay/fixtures';

afterEach(cleanup);

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
    expect(document.querySelector('.lt-detail')?.textContent).not.toMatch(/Hover over/);
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

  it('draws a playhead at the replay’s moment', () => {
    const { container } = render(
      <LaneTimeline trace={pausedClientTrace(true)} title="Timeline" nowMs={321} />,
    );
    expect(container.querySelector('.lt-now')).not.toBeNull();
  });
});
