import { afterEach, describe, expect, it } from 'vitest';
import { startTabbingFrom } from './tabStart';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('startTabbingFrom', () => {
  it('leaves the focus on the body and the element as it was', () => {
    document.body.innerHTML = '<section id="s"><button>in it</button></section>';
    const section = document.getElementById('s')!;
    startTabbingFrom(section);
    expect(document.activeElement).toBe(document.body);
    expect(section.hasAttribute('tabindex')).toBe(false);
  });

  it('keeps an element’s own tabindex', () => {
    document.body.innerHTML = '<div id="d" tabindex="0"></div>';
    const div = document.getElementById('d')!;
    startTabbingFrom(div);
    expect(div.getAttribute('tabindex')).toBe('0');
    expect(document.activeElement).toBe(document.body);
  });

  it('keeps its two focus events from the page’s listeners (historyMoves remembers focus)', () => {
    document.body.innerHTML = '<section id="s"></section>';
    const heard: string[] = [];
    const listen = (event: Event) => heard.push(event.type);
    document.addEventListener('focusin', listen);
    document.addEventListener('focusout', listen);
    try {
      startTabbingFrom(document.getElementById('s')!);
      // The listeners are back in place afterwards: a real focus is heard again.
      document.body.innerHTML = '<button id="b">b</button>';
      document.getElementById('b')!.focus();
    } finally {
      document.removeEventListener('focusin', listen);
      document.removeEventListener('focusout', listen);
    }
    expect(heard).toEqual(['focusin']);
  });
});
