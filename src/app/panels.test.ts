import { describe, expect, it } from 'vitest';
import { whenRunsReady } from './panels';

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
