import { describe, expect, it } from 'vitest';
import { BadBenchPageArgsError, parseBenchPageArgs } from './args';

describe('bench:page arguments', () => {
  it('measures five first loads at the CPU as it is unless told otherwise', () => {
    expect(parseBenchPageArgs([])).toMatchObject({ loads: 5, cpuSlowdown: 1, distDir: undefined });
  });

  it('runs each interaction three times, none with --loads 0 unless --interactions is given', () => {
    expect(parseBenchPageArgs([]).interactions).toBe(3);
    expect(parseBenchPageArgs(['--loads', '2']).interactions).toBe(3);
    expect(parseBenchPageArgs(['--loads', '0']).interactions).toBe(0);
    expect(parseBenchPageArgs(['--loads=0', '--interactions', '2']).interactions).toBe(2);
    expect(parseBenchPageArgs(['--interactions=0']).interactions).toBe(0);
  });

  it('reads --loads and --cpu-slowdown with a space or an equals sign', () => {
    expect(parseBenchPageArgs(['--loads', '3', '--cpu-slowdown=4'])).toMatchObject({
      loads: 3,
      cpuSlowdown: 4,
    });
    expect(parseBenchPageArgs(['--loads=0'])).toMatchObject({ loads: 0 });
  });

  it('refuses a count or a rate that is not one, and a flag given twice', () => {
    for (const argv of [
      ['--loads', '1e3'],
      ['--loads', '-1'],
      ['--loads'],
      ['--cpu-slowdown', '0.5'],
      ['--cpu-slowdown', 'fast'],
      ['--loads=2', '--loads', '3'],
      ['--interactions', '2.5'],
      ['--interactions'],
      ['--interactions', '1', '--interactions=2'],
    ])
      expect(() => parseBenchPageArgs(argv), argv.join(' ')).toThrow(BadBenchPageArgsError);
  });
});
