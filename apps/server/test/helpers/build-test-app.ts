import { randomBytes } from 'node:crypto';
import { signRequest, type Locale } from '@suanli/contract';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config.js';
import { openPostgres } from '../../src/db/client.js';
import { AdjustableClock, type Clock } from '../../src/jobs/clock.js';
import { resolveKeys } from '../../src/secrets.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

export interface TestApp {
  app: FastifyInstance;
  db: TestDatabase['database']['db'];
  testDatabase: TestDatabase;
  clock: Clock;
  services: FastifyInstance['services'];
  /** Sends a request the way the console does: signed, in a language, with a token when given. */
  request(
    options: InjectOptions & { token?: string; locale?: Locale; unsigned?: boolean },
  ): Promise<LightMyRequestResponse>;
  /** Hands the events written so far to their consumers, as the server does when they commit or after a tick. */
  drainEvents(): Promise<void>;
  close(): Promise<void>;
}

// Keys are given in the environment, random for each test file, so that no test writes a secrets file into the
// repository's DATA_DIR; a test of the generated keys sets them to '' (unset) and gives a temporary DATA_DIR.
const TEST_KEYS = {
  ID_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  OBJECT_SIGNING_KEY: randomBytes(32).toString('base64'),
};

/** The configuration the server would run with in this environment, as buildTestApp builds it. */
export async function testConfig(env: Record<string, string> = {}): Promise<Config> {
  // No nvidia-smi unless a test gives one: on a machine with GPUs, tests still see the configured simulated fleet.
  const settings = loadConfig({
    DEV_TOOLS: '1',
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    NVIDIA_SMI: '/nonexistent/nvidia-smi',
    ...TEST_KEYS,
    ...env,
  });
  return (await resolveKeys(settings)).config;
}

export async function buildTestApp(
  env: Record<string, string> = {},
  options: { clock?: Clock; testDatabase?: TestDatabase; extend?: (app: FastifyInstance) => void } = {},
): Promise<TestApp> {
  const testDatabase = options.testDatabase ?? (await createTestDatabase());
  const config = await testConfig(env);
  const clock = options.clock ?? new AdjustableClock();
  const app = await buildApp({ config, database: testDatabase.database, clock });
  options.extend?.(app);
  await app.ready();
  return {
    app,
    db: testDatabase.database.db,
    testDatabase,
    clock,
    services: app.services,
    request: ({ token, locale, unsigned, headers, ...rest }) => {
      const url = String(rest.url ?? '/');
      const path = url.split('?')[0]!.replace(/^\/api/, '');
      return app.inject({
        ...rest,
        headers: {
          ...(locale ? { 'accept-language': locale } : {}),
          ...(unsigned ? {} : { sn: signRequest(path, Date.now()) }),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...headers,
        },
      });
    },
    drainEvents: () => app.scheduler.drainEvents(),
    close: async () => {
      await app.close();
      if (!options.testDatabase) {
        await testDatabase.drop();
      }
    },
  };
}

/**
 * A second server on the same PostgreSQL database, with a connection pool of its own, as a second instance would run:
 * what races between instances is tested between `first` and this one. Close it before the first.
 */
export function secondInstance(
  first: TestApp,
  env: Record<string, string> = {},
  options: { clock?: Clock } = {},
): Promise<TestApp> {
  const pool = openPostgres(first.testDatabase.url!);
  return buildTestApp(env, {
    ...options,
    testDatabase: { ...first.testDatabase, database: pool, drop: () => pool.close() },
  });
}
