import { describe, expect, it } from 'vitest';
import { keyTargetOf, replayKeyAction } from './keys';

describe('replayKeyAction', () => {
  it('plays, pauses and steps from the panel itself', () => {
    expect(replayKeyAction(' ', 'panel')).toBe('toggle');
    expect(replayKeyAction('ArrowRight', 'panel')).toBe('forward');
    expect(replayKeyAction('ArrowLeft', 'panel')).toBe('back');
    expect(replayKeyAction('Home', 'panel')).toBe('start');
    expect(replayKeyAction('End', 'panel')).toBe('end');
    expect(replayKeyAction('x', 'panel')).toBeNull();
  });

  it('leaves controls their own keys', () => {
    expect(replayKeyAction(' ', 'button')).toBeNull();
    expect(replayKeyAction('ArrowRight', 'button')).toBe('forward');
    expect(replayKeyAction('ArrowRight', 'slider')).toBeNull();
    expect(replayKeyAction('ArrowDown', 'select')).toBeNull();
    expect(replayKeyAction(' ', 'text')).toBeNull();
    expect(replayKeyAction('ArrowRight', 'panel', { alt: true })).toBeNull();
  });

  it('lets a summary, a link or a role=button keep Space, and leaves up and down to the page', () => {
    const element = (tagName: string, role: string | null = null) =>
      ({ tagName, getAttribute: () => role, isContentEditable: false }) as unknown as EventTarget;
    for (const el of [element('SUMMARY'), element('A'), element('DIV', 'button')]) {
      expect(keyTargetOf(el)).toBe('button');
      expect(replayKeyAction(' ', keyTargetOf(el))).toBeNull();
    }
    expect(keyTargetOf(element('DIV'))).toBe('panel');
    expect(replayKeyAction('ArrowDown', 'panel')).toBeNull();
    expect(replayKeyAction('ArrowUp', 'panel')).toBeNull();
  });
});
