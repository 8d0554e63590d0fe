import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startServer } from './server-process.js';
import type { JourneyServer } from './journey-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    journeyServers: JourneyServer[];
  }
}

/**
 * Starts one real server (built console, embedded database in a temporary DATA_DIR) per worker, each on a free port:
 * journeys move their server's clock, so two running at once must not share one (journey-server.ts).
 */
export default async function setup(project: TestProject) {
  if (process.env.VITEST_LIST_ONLY === '1') {
    return;
  }
  // The project's own limit when it sets one (one file at a time), else the run's.
  const workers = Math.max(1, project.config.maxWorkers ?? project.globalConfig.maxWorkers);
  const started = await Promise.all(
    Array.from({ length: workers }, async () => {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'suanli-e2e-'));
      return { dataDir, server: await startServer(dataDir) };
    }),
  );
  project.provide(
    'journeyServers',
    started.map(({ dataDir, server }) => ({ baseUrl: server.baseUrl, dataDir })),
  );
  return async () => {
    for (const { dataDir, server } of started) {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  };
}
