import { describe, expect, it } from 'vitest';
import { whatIfCloseCall, type WhatIfNumbers } from '../paused-client/whatIf';
import { clockJumpRun } from '../redlock/clockJump';
import { gcPauseRun } from '../redlock/gcPause';
import { closeCallSentence, nearestOutcomeChange } from './nearOutcomeChange';

const range = { min: 0, max: 1000, step: 10 };

describe('nearestOutcomeChange', () => {
  // A made-up outcome that changes where a + b reaches 500.
  const sum = (p: { a: number; b: number }) => (p.a + p.b >= 500 ? 'over' : 'under');
  const ranges = { a: range, b: range };

  it('finds the smallest move of one knob that changes the outcome, nearest first', () => {
    expect(nearestOutcomeChange({ a: 240, b: 250 }, ranges, sum)).toEqual({ knob: 'a', byMs: 10 });
    expect(nearestOutcomeChange({ a: 250, b: 250 }, ranges, sum)).toEqual({ knob: 'a', byMs: -5 });
    expect(nearestOutcomeChange({ a: 100, b: 385 }, ranges, sum)).toEqual({ knob: 'a', byMs: 15 });
  });

  it('is null when nothing within the margin changes it, or only a move out of range would', () => {
    expect(nearestOutcomeChange({ a: 100, b: 380 }, ranges, sum)).toBeNull();
    expect(nearestOutcomeChange({ a: 100, b: 200 }, ranges, sum)).toBeNull();
    const top = { a: { min: 0, max: 495, step: 5 }, b: { min: 0, max: 0, step: 5 } };
    expect(nearestOutcomeChange({ a: 495, b: 0 }, top, sum)).toBeNull();
  });

  it('says which knob and which way, in the page’s words', () => {
    expect(closeCallSentence({ knob: 'ttlMs', byMs: -10 })).toMatch(
      /^A close call: with the TTL 10 ms shorter, the engine’s outcome changes\. .*can go either way\.$/,
    );
    expect(closeCallSentence({ knob: 'jumpMs', byMs: 5 })).toMatch(/with the jump 5 ms bigger/);
  });
});

describe('close calls on the page’s runs', () => {
  const numbers = (ttlMs: number, pauseMs: number): WhatIfNumbers => ({
    ttlMs,
    pauseMs,
    fencing: true,
    lock: 'redis',
  });

  it('marks a pause that ends as client 2 asks, and not the recorded numbers', () => {
    // Client 1 wakes at 10 + pause ms; client 2 asks at TTL + 20 ms.
    expect(whatIfCloseCall(numbers(300, 310))).not.toBeNull();
    expect(whatIfCloseCall({ ...numbers(300, 310), lock: 'pg-lease' })).not.toBeNull();
    expect(whatIfCloseCall(numbers(300, 500))).toBeNull();
    expect(whatIfCloseCall(numbers(300, 0))).toBeNull();
  });

  it('marks the Redlock GC pause that ends as client 2 asks, and not the recorded sizes', () => {
    // The lab's real servers gave two holders at 260 ms nearly every time; the engine says safe.
    expect(gcPauseRun.run(260).trace?.outcome.verdict).toBe('safe');
    expect(gcPauseRun.closeCall(260)).toEqual({ knob: 'pauseMs', byMs: 5 });
    expect(gcPauseRun.closeCall(gcPauseRun.recordedMs)).toBeNull();
    expect(clockJumpRun.closeCall(clockJumpRun.recordedMs)).toBeNull();
  });
});
