import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { contractPaths } from './vite-plugins/contract-paths.ts';
import { precompress } from './vite-plugins/precompress.ts';
import { preloadStart } from './vite-plugins/preload-start.ts';
import { prerender } from './vite-plugins/prerender.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

/** `@/` is src: imports across areas (app, features, shared) go through it, so the linter can check their direction. */
const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)) };

// React with the router, and the contract (its paths and messages, without zod: contract-paths.ts), are needed by every
// page, so each gets one long-cached chunk.
// antd is left to automatic splitting on purpose: a group would pull every antd module any page uses (Table, Form)
// into the first load, while ungrouped they travel with the lazy route chunks that use them.
const reactVendor = /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/;
const contract = /packages[\\/]contract[\\/]/;
const start = /[\\/]src[\\/]start\.tsx$/;
const entryShared = /[\\/]src[\\/]app[\\/]prerender-markers\.ts$|vite[\\/]preload-helper/;

export default defineConfig({
  root,
  plugins: [react(), contractPaths(), preloadStart(), prerender(), precompress()],
  resolve: { alias },
  server: {
    proxy: { '/api': { target: 'http://localhost:8080', changeOrigin: true } },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // The shell chunk holds antd's core for the layout (menu, dialogs, CSS-in-JS) and i18n, about 715 kB before gzip;
    // the limit flags a page or a heavy component leaking into it rather than into a lazy chunk.
    chunkSizeWarningLimit: 750,
    // One stylesheet, linked from the page: a prerendered page is drawn with the layout's styles before the app's
    // scripts (and the styles a split would attach to them) are even asked for.
    cssCodeSplit: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react-vendor', test: reactVendor, priority: 2 },
            { name: 'contract', test: contract, priority: 1 },
            // What both the entry and the app use (the markers, Vite's preload helper) stays out of the app's chunk, or
            // the entry would load the whole app at once.
            { name: 'entry-shared', test: entryShared, priority: 3 },
            // The app (start.tsx) and everything it imports statically: the shell every page needs.
            { name: 'shell', test: start },
          ],
        },
      },
    },
  },
});
