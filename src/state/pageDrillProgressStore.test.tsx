import { afterEach, describe, expect, it, vi } from 'vitest';

// The page's drill store probes the browser's storage and reads the saved progress as it is
// made. Made while the module was evaluated, that was part of the first load's first long task
// (the one that evaluates the page's entry module); it is made when first asked for.
afterEach(() => {
  vi.restoreAllMocks();
  vi.resetModules();
  localStorage.clear();
});

describe('the page’s drill progress store', () => {
  it('touches no storage until it is first asked for, and is one store from then on', async () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    const getItem = vi.spyOn(Storage.prototype, 'getItem');
    const mod = await import('./drillProgress');
    expect(setItem).not.toHaveBeenCalled();
    expect(getItem).not.toHaveBeenCalled();
    const store = mod.pageDrillProgressStore();
    expect(setItem).toHaveBeenCalled();
    expect(mod.pageDrillProgressStore()).toBe(store);
  });
});
