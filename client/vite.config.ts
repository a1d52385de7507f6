import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const here = path.dirname(fileURLToPath(import.meta.url));
const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 3000}`;

export default defineConfig({
  root: here,
  plugins: [react()],
  css: { postcss: path.join(here, 'postcss.config.js') },
  build: {
    outDir: path.join(here, '..', 'dist', 'client'),
    emptyOutDir: true,
    sourcemap: true,
    // Screens load on demand; the largest chunk is hls.js (580 kB), fetched only for a video preview.
    chunkSizeWarningLimit: 650,
    rolldownOptions: {
      output: {
        // The charts' libraries in chunks of their own, fetched with the exam analytics tab.
        codeSplitting: {
          groups: [
            { name: 'charts-recharts', test: /node_modules[\\/](recharts|recharts-scale|victory-vendor|d3-[a-z-]+)[\\/]/ },
            { name: 'charts-tremor', test: /node_modules[\\/]@tremor[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: {
      '/api': { target: apiTarget },
      '/trpc': { target: apiTarget },
    },
  },
});
