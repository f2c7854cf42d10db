import { describe, expect, it } from 'vitest';
import { BadBenchArgsError, parseBenchSimArgs } from './benchArgs';

describe('bench:sim arguments', () => {
  it('reads --seconds in both spellings and --browser, with 2 s and Node only by default', () => {
    expect(parseBenchSimArgs([])).toEqual({ seconds: 2, browser: false, help: false });
    expect(parseBenchSimArgs(['--seconds=0.5', '--browser'])).toEqual({
      seconds: 0.5,
      browser: true,
      help: false,
    });
    expect(parseBenchSimArgs(['--seconds', '3']).seconds).toBe(3);
    expect(parseBenchSimArgs(['-h']).help).toBe(true);
  });

  it.each([
    [['--seconds=abc'], '--seconds takes a positive number, got "abc"'],
    [['--seconds=0'], '--seconds takes a positive number, got "0"'],
    [['--seconds='], '--seconds takes a positive number, got ""'],
    [['--seconds'], '--seconds takes a positive number, got ""'],
    [['--seconds', 'Infinity'], '--seconds takes a positive number, got "Infinity"'],
    [['--secs=3'], 'unknown argument "--secs=3"'],
    [['3'], 'unknown argument "3"'],
    [['--seconds=0x10'], '--seconds takes a positive number, got "0x10"'],
    [['--seconds=2', '--seconds', '3'], '--seconds is given twice'],
    [['--browser', '--browser'], '--browser is given twice'],
  ])('refuses %j', (argv, message) => {
    expect(() => parseBenchSimArgs(argv)).toThrow(BadBenchArgsError);
    expect(() => parseBenchSimArgs(argv)).toThrow(message);
  });
});
