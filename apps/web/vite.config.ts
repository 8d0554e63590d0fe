import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { antdLightToken } from './vite-plugins/antd-light-token.ts';
import { antdStylesInUse } from './vite-plugins/antd-styles.ts';
import { contractPaths } from './vite-plugins/contract-paths.ts';
import { precompress } from './vite-plugins/precompress.ts';
import { preloadStart } from './vite-plugins/preload-start.ts';
import { prerender } from './vite-plugins/prerender.ts';

const preload = preloadStart();
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
const foundation = /[\\/]src[\\/]shared[\\/](i18n[\\/]i18n\.ts|stores[\\/][\w-]+\.ts)$/;
const entryShared =
  /[\\/]src[\\/]app[\\/]prerender-markers\.ts$|[\\/]src[\\/]shared[\\/]ui[\\/]yield-to-browser\.ts$|vite[\\/]preload-helper/;

export default defineConfig({
  root,
  plugins: [react(), antdStylesInUse(), antdLightToken(), contractPaths(), preload.plugin, prerender(), precompress()],
  resolve: { alias },
  server: {
    proxy: { '/api': { target: 'http://localhost:8080', changeOrigin: true } },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // The shell chunk holds antd's core for the layout (menu, dialogs), about 480 kB before gzip; the limit flags a page
    // or a heavy component leaking into it rather than into a lazy chunk.
    chunkSizeWarningLimit: 520,
    modulePreload: { resolveDependencies: preload.resolveDependencies },
    // One stylesheet, linked from the page: a prerendered page is drawn with the layout's styles before the app's
    // scripts (and the styles a split would attach to them) are even asked for.
    cssCodeSplit: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react-vendor', test: reactVendor, priority: 3 },
            { name: 'contract', test: contract, priority: 2 },
            // What both the entry and the app use (the markers, the yield, Vite's preload helper) stays out of the app's
            // chunk, or the entry would load the whole app at once.
            { name: 'entry-shared', test: entryShared, priority: 4 },
            // What the app stands on (i18next with the catalogues and dayjs, the persisted stores) and what they import:
            // main.tsx evaluates it in a task before the app's.
            { name: 'foundation', test: foundation, priority: 1 },
            // The app (start.tsx) and everything else it imports statically: the shell every page needs.
            { name: 'shell', test: start },
          ],
        },
      },
    },
  },
});
