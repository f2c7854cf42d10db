import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { keepUnreadableRecordings } from './src/panels/replay/unreadableRecording.ts';

// The page is static: it replays committed recordings and runs the engine in the browser.
export default defineConfig({
  plugins: [react(), keepUnreadableRecordings()],
  base: './',
  build: {
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: true,
  },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
});
