// The charts of the first screen are drawn without the browser's Intl: its first use on a page
// loads the locale data, a long task of its own (compareCodeUnits.ts). Sorting with localeCompare
// was that first use, inside the paused client's first render.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { timelineModel } from './timeline';
import { redlockModel } from './redlock';
import { simulate } from '../sim/simulate';
import { pausedClientTrace } from '../panels/replay/fixtures';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the charts’ models', () => {
  it('sort their marks and holds without localeCompare', () => {
    const localeCompare = vi.spyOn(String.prototype, 'localeCompare');
    timelineModel(pausedClientTrace(true));
    redlockModel(simulate({ scenario: 'redlock-clock-jump', variant: 'default', seed: 1 }));
    expect(localeCompare).not.toHaveBeenCalled();
  });
});
