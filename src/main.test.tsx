import { afterEach, describe, expect, it, vi } from 'vitest';

// The entry module is evaluated in one task with everything it imports; making React's root
// there (its listener for every event) and starting the render made that task the first load's
// first long one. They come in a task of their own.
const createRoot = vi.fn(() => ({ render: vi.fn(), unmount: vi.fn() }));
vi.mock('react-dom/client', () => ({ createRoot }));
vi.mock('./app/App', () => ({ App: () => null }));

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('the entry module', () => {
  it('makes the root and starts the render in a task after its own evaluation', async () => {
    vi.useFakeTimers();
    document.body.innerHTML = '<div id="root"></div>';
    await import('./main');
    expect(createRoot).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(createRoot).toHaveBeenCalledWith(document.getElementById('root'));
    const root = createRoot.mock.results[0]!.value as { render: ReturnType<typeof vi.fn> };
    expect(root.render).toHaveBeenCalledTimes(1);
  });
});
