import { describe, expect, it } from 'vitest';
import { roundForSpeech, sayMs, sayNumber, sayRate, sayRatio } from './say';

describe('saying figures', () => {
  it('rounds to two significant figures', () => {
    expect(roundForSpeech(45_873.2)).toBe(46_000);
    expect(roundForSpeech(1_734)).toBe(1_700);
    expect(roundForSpeech(54_321)).toBe(54_000);
    expect(roundForSpeech(123_456)).toBe(120_000);
    expect(roundForSpeech(995)).toBe(1_000);
    expect(roundForSpeech(87.4)).toBe(87);
    expect(roundForSpeech(0)).toBe(0);
    expect(roundForSpeech(Number.NaN)).toBe(0);
  });

  it('says a rate the way a person would', () => {
    expect(sayRate(45_873)).toBe('about 46,000');
    expect(sayRate(23_104)).toBe('about 23,000');
    expect(sayRate(1_651)).toBe('about 1,700');
    expect(sayNumber(19_480)).toBe('19,000');
  });

  it('says latencies with a precision that fits their size', () => {
    expect(sayMs(0.42)).toBe('0.4 ms');
    expect(sayMs(2.71)).toBe('2.7 ms');
    expect(sayMs(3)).toBe('3 ms');
    expect(sayMs(12.6)).toBe('13 ms');
    expect(sayMs(0.03)).toBe('under 0.1 ms');
    expect(sayMs(0.1)).toBe('0.1 ms');
    expect(sayMs(-1)).toBe('unknown');
  });

  it('says a ratio as a percentage', () => {
    expect(sayRatio(0.934)).toBe('93%');
    expect(sayRatio(0.936)).toBe('94%');
    expect(sayRatio(1.02)).toBe('102%');
  });

  it('groups whole numbers exactly as Intl.NumberFormat does in en-US', () => {
    const intl = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
    const values = [0, -0, 7, 87, 999, 1_000, 1_700, 46_000, 120_000, 999_999, 1_000_000];
    values.push(12_345_678_901, -46_000, -999, Number.MAX_SAFE_INTEGER, 1e22);
    for (const v of values) expect(sayNumber(v), String(v)).toBe(intl.format(roundForSpeech(v)));
  });
});
