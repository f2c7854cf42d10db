// happy-dom has a ResizeObserver that never reports, as if no box were ever laid out: a chart
// would wait for its width for ever. The dom tests run as a browser without one (each chart
// draws at its fallback width at once); a test of what the observer reports stubs its own.
delete (globalThis as { ResizeObserver?: unknown }).ResizeObserver;
