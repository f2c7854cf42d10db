import { describe, expect, it } from 'vitest';
import { STEPS, litPath, neighbour, stepById } from './steps';

describe('fenced path', () => {
  it('has the five steps in order', () => {
    expect(STEPS.map((s) => s.id)).toEqual(['acquire', 'work', 'write', 'extend', 'release']);
    expect(STEPS.map((s) => s.number)).toEqual([1, 2, 3, 4, 5]);
  });

  it('lights the path that leads to a step', () => {
    expect([...litPath('write').steps]).toEqual(['acquire', 'work', 'write']);
    expect([...litPath('write').edges]).toEqual(['acquire>work', 'work>write']);
    expect([...litPath('extend').edges]).toEqual(['acquire>work', 'work>extend']);
    expect([...litPath('release').steps]).toEqual(['acquire', 'work', 'write', 'release']);
    expect(litPath(null).steps.size).toBe(0);
  });

  it('says what to do when each step fails', () => {
    const text = (id: string) =>
      stepById(id)!
        .ifItFails.map((f) => `${f.when}: ${f.then}`)
        .join(' ');
    expect(text('acquire')).toMatch(/busy: Retry after a random delay.*or answer “busy”/);
    expect(text('acquire')).toMatch(/Redis is down: No new work starts/);
    expect(text('extend')).toMatch(/stop/);
    expect(text('write')).toMatch(
      /stop the work\. A retry would carry the same old token and be refused again/,
    );
    expect(stepById('nope')).toBeNull();
  });

  it('moves between steps with wrap-around', () => {
    expect(neighbour('acquire', -1)).toBe('release');
    expect(neighbour('release', 1)).toBe('acquire');
    expect(neighbour('work', 1)).toBe('write');
  });
});
