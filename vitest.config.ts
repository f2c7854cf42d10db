import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { keepUnreadableRecordings } from './src/panels/replay/unreadableRecording.ts';

// Three projects: the pure engine and helpers (fast, Node), components (happy-dom),
// and the lab (real Redis, Postgres and etcd, started once per run by a global setup).
export default defineConfig({
  plugins: [react(), keepUnreadableRecordings()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts'],
          exclude: ['src/lab/**'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          include: ['src/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['src/domTestSetup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'lab',
          include: ['src/lab/**/*.test.ts'],
          globalSetup: ['src/lab/test/globalSetup.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
