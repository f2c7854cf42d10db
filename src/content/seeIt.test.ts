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
    // Each list says what to do, for the author of a new scenario who meets it first.
    const lines = Object.keys(whyNoFencingSwitch);
    expect(
      withoutSwitch.filter((name) => !lines.includes(name)),
      'scenarios without both fencing-off and fencing-on variants: add a line for each to whyNoFencingSwitch (src/content/seeIt.ts)',
    ).toEqual([]);
    expect(
      lines.filter((name) => !withoutSwitch.includes(name)),
      'lines in whyNoFencingSwitch for a scenario that has the switch, or none of that name: remove them',
    ).toEqual([]);
  });

  it('keeps each line to one short, plain sentence or two', () => {
    for (const [name, line] of Object.entries(whyNoFencingSwitch)) {
      expect(line, name).toMatch(/^No fencing switch here: /);
      expect(line.length, name).toBeLessThanOrEqual(200);
      expect(line, name).not.toMatch(/'/);
    }
  });
});
