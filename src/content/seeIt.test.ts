import { describe, expect, it } from 'vitest';
import { whyNoFencingSwitch } from './seeIt';
import { scenarios } from '../sim/scenarios/index';
import { buildOptions, hasFencingSwitch } from '../panels/replay/catalog';

describe('whyNoFencingSwitch', () => {
  // The replay offers the switch only where a scenario has both fencing-off and fencing-on runs.
  const options = buildOptions(scenarios, { recordings: [], invalid: [] });
  const withoutSwitch = scenarios
    .map((s) => s.name)
    .filter((name) => !hasFencingSwitch(options, name));

  it('has a line for every scenario without the fencing switch, and for no other', () => {
    expect(withoutSwitch.length).toBeGreaterThan(0);
    expect(Object.keys(whyNoFencingSwitch).sort()).toEqual([...withoutSwitch].sort());
  });

  it('keeps each line to one short, plain sentence or two', () => {
    for (const [name, line] of Object.entries(whyNoFencingSwitch)) {
      expect(line, name).toMatch(/^No fencing switch here: /);
      expect(line.length, name).toBeLessThanOrEqual(200);
      expect(line, name).not.toMatch(/'/);
    }
  });
});
