// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_HOLD_MS, QUIET_MS, scrollToSection, sectionBeingHeld } from './scrollToSection';

// happy-dom lays nothing out: the test moves the section by hand and plays the resize that a
// panel arriving above it would cause.
const observing = new Set<() => void>();
const resized = () => [...observing].forEach((cb) => cb());
class FakeResizeObserver {
  constructor(private readonly cb: () => void) {}
  observe() {
    observing.add(this.cb);
  }
  disconnect() {
    observing.delete(this.cb);
  }
}

function setUp() {
  const main = document.createElement('main');
  const section = document.createElement('section');
  main.append(section);
  document.body.append(main);
  let top = 2000;
  section.getBoundingClientRect = () => ({ top: top - window.scrollY }) as DOMRect;
  const scroll = vi.fn();
  section.scrollIntoView = scroll;
  return {
    section,
    scroll,
    /** A panel above the section arrives and pushes it down. */
    pushDown(px: number) {
      top += px;
      resized();
    },
  };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('ResizeObserver', FakeResizeObserver);
});

afterEach(() => {
  vi.runOnlyPendingTimers();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  observing.clear();
  document.body.replaceChildren();
});

describe('scrollToSection', () => {
  it('aims again when a panel arriving above pushes the section down during the scroll', () => {
    const { section, scroll, pushDown } = setUp();
    scrollToSection(section, 'smooth');
    expect(scroll).toHaveBeenCalledTimes(1);
    expect(scroll).toHaveBeenLastCalledWith({ behavior: 'smooth', block: 'start' });
    resized(); // a resize below it: the section did not move
    expect(scroll).toHaveBeenCalledTimes(1);
    pushDown(1040);
    expect(scroll).toHaveBeenCalledTimes(2);
    expect(scroll).toHaveBeenLastCalledWith({ behavior: 'smooth', block: 'start' });
  });

  it('keeps holding while the page scrolls, and lets go once it has been still', () => {
    const { section, scroll, pushDown } = setUp();
    scrollToSection(section, 'auto');
    vi.advanceTimersByTime(QUIET_MS - 100);
    window.dispatchEvent(new Event('scroll'));
    vi.advanceTimersByTime(QUIET_MS - 100);
    pushDown(500);
    expect(scroll).toHaveBeenCalledTimes(2);
    expect(scroll).toHaveBeenLastCalledWith({ behavior: 'auto', block: 'start' });
    vi.advanceTimersByTime(QUIET_MS);
    pushDown(500);
    expect(scroll).toHaveBeenCalledTimes(2);
  });

  it('lets go at once when the reader scrolls, clicks or types', () => {
    for (const input of ['wheel', 'touchstart', 'keydown', 'mousedown']) {
      const { section, scroll, pushDown } = setUp();
      scrollToSection(section, 'smooth');
      window.dispatchEvent(new Event(input));
      pushDown(800);
      expect(scroll, input).toHaveBeenCalledTimes(1);
      document.body.replaceChildren();
    }
  });

  it('names the section it holds until it lets go; Back by the keyboard does not let go', () => {
    const { section } = setUp();
    expect(sectionBeingHeld()).toBeNull();
    scrollToSection(section, 'smooth');
    expect(sectionBeingHeld()).toBe(section);
    // Alt+← is Back: the entry is left mid-glide, and historyMoves asks where it was going.
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowLeft', altKey: true }));
    expect(sectionBeingHeld()).toBe(section);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown' }));
    expect(sectionBeingHeld()).toBeNull();
  });

  it('never holds longer than its cap, and a new jump replaces the old hold', () => {
    const first = setUp();
    scrollToSection(first.section, 'smooth');
    for (let t = 0; t < MAX_HOLD_MS; t += QUIET_MS / 2) {
      window.dispatchEvent(new Event('scroll'));
      vi.advanceTimersByTime(QUIET_MS / 2);
    }
    first.pushDown(300);
    expect(first.scroll).toHaveBeenCalledTimes(1);

    const second = setUp();
    scrollToSection(second.section, 'smooth');
    const third = setUp();
    scrollToSection(third.section, 'smooth');
    second.pushDown(300);
    third.pushDown(300);
    expect(second.scroll).toHaveBeenCalledTimes(1);
    expect(third.scroll).toHaveBeenCalledTimes(2);
  });
});
