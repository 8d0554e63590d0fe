import { inject } from 'vitest';

export interface JourneyServer {
  baseUrl: string;
  /** The server's DATA_DIR: where the local driver keeps each application's data disk (apps/<id>/data). */
  dataDir: string;
}

/**
 * The suite's server for the worker this journey runs on. Workers run journeys side by side and every journey moves
 * its server's development clock (dev-api.ts startFreshHour), so each worker has a server of its own; files on one
 * worker run one after another, as they all did on one server before.
 */
export function journeyServer(): JourneyServer {
  const servers = inject('journeyServers');
  // Vitest numbers the workers running at one time from 1, each number held by one worker at a time.
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  const server = servers[(worker - 1) % servers.length];
  if (!server) {
    throw new Error(`no journey server for worker ${worker}: global-setup.ts started ${servers.length}`);
  }
  return server;
}
