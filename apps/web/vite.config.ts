import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { firstPaintTranslations } from './build/first-paint-translations.ts';
import { precompress } from './build/precompress.ts';
import { prerenderHome } from './build/prerender-home.ts';

const apiTarget = 'http://localhost:3000';

// Paths are relative to this folder (Vite's root), so `dist` is apps/web/dist.
export default defineConfig({
  // firstPaintTranslations serves the public home's English texts as a module of their own,
  // prerenderHome writes home.html (the public home painted before the scripts run), precompress the .br/.gz copies.
  plugins: [react(), firstPaintTranslations(), precompress(), prerenderHome()],
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/socket.io': { target: apiTarget, ws: true, changeOrigin: true },
    },
  },
  // The 3D preview's worker loads three.js only for PLY and OBJ, through import(): that needs ES module workers.
  worker: { format: 'es' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: which chunks the entry loads eagerly, for the size budget test.
    manifest: true,
  },
});
