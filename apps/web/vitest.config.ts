import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { antdLightToken } from './vite-plugins/antd-light-token.ts';
import { contractPaths } from './vite-plugins/contract-paths.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  // The contract as the browser gets it (zod-free): a component reading what only the server's contract has fails here.
  plugins: [react(), contractPaths(), antdLightToken()],
  // The same `@/` alias as vite.config.ts (and tsconfig's paths), so tests import as the app does.
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    name: 'web',
    root,
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'eslint/**/*.test.ts', 'vite-plugins/**/*.test.ts'],
    testTimeout: 20_000,
  },
});
