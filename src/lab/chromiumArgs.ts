// The flags every headless Chromium of the project starts with: the e2e tests, bench:page and
// bench:sim -- --browser. No GPU on these machines, and none of the background work (updates,
// sync, first-run pages, network probes) that would share the CPU with what is measured.
export const QUIET_CHROMIUM_ARGS: readonly string[] = [
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
