import { describe, expect, it } from 'vitest';
import { linkReaderLoaders, panelLoaders, whenRunsReady } from './panels';
import { sections } from './sections';

describe('whenRunsReady', () => {
  it('hands a panel’s module over only once its runs are ready', async () => {
    let ready!: () => void;
    const module = { runsReady: new Promise<void>((resolve) => (ready = resolve)) };
    let handedOver = false;
    const loading = whenRunsReady(module).then((m) => {
      handedOver = true;
      return m;
    });
    // Several turns of the event loop: the recordings are not validated in any of them.
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
    expect(handedOver).toBe(false);
    ready();
    expect(await loading).toBe(module);
  });
});

// App.tsx draws a section whose id has no loader as a bare heading, and a loader under an id that
// no section has is never asked for: both pass every other test in silence.
describe('panelLoaders', () => {
  // The opening section's panel is in the shell itself (App.tsx), not a chunk of its own.
  const [top, ...rest] = sections;
  const ids = sections.map((s) => s.id);

  it('has a loader for every section below the opening, and for no other id', () => {
    expect(
      rest.map((s) => s.id).filter((id) => !(id in panelLoaders)),
      'sections in src/app/sections.ts with no panel: add a line for each to panelLoaders (src/app/panels.ts)',
    ).toEqual([]);
    expect(
      Object.keys(panelLoaders).filter((id) => !ids.includes(id) || id === top?.id),
      'panelLoaders ids that no section below the opening has (src/app/sections.ts)',
    ).toEqual([]);
  });

  it('lists link readers only for sections that have a panel', () => {
    expect(
      Object.keys(linkReaderLoaders).filter((id) => !(id in panelLoaders)),
      'linkReaderLoaders ids with no panel in panelLoaders (src/app/panels.ts)',
    ).toEqual([]);
  });
});
