import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startServer } from './server-process.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The server's DATA_DIR: where the local driver keeps each application's data disk (apps/<id>/data). */
    dataDir: string;
  }
}

/** Starts the real server (built console, embedded database in a temporary DATA_DIR) on a free port. */
export default async function setup(project: TestProject) {
  if (process.env.VITEST_LIST_ONLY === '1') {
    return;
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'suanli-e2e-'));
  const server = await startServer(dataDir);
  project.provide('baseUrl', server.baseUrl);
  project.provide('dataDir', dataDir);
  return async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
