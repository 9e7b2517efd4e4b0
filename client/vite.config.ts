import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { leafletDrawStrictFix } from './vite-plugins/leaflet-draw-strict';

const clientRoot = fileURLToPath(new URL('.', import.meta.url));
const outDir = fileURLToPath(new URL('../dist/client', import.meta.url));
const backend = 'http://127.0.0.1:3000';

export default defineConfig({
  root: clientRoot,
  base: '/',
  plugins: [react(), leafletDrawStrictFix()],
  build: {
    outDir,
    emptyOutDir: true,
    // scripts/bench/bundle.ts reads it to know which chunks a route loads.
    manifest: true,
  },
  server: {
    proxy: {
      '/api': backend,
      '/config.json': backend,
      '/server-state': backend,
      '/socket.io': { target: backend, ws: true },
    },
  },
});
