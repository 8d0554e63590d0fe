import { signRequest, type Locale } from '@suanli/contract';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { AdjustableClock, type Clock } from '../../src/jobs/clock.js';
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
  close(): Promise<void>;
}

export async function buildTestApp(
  env: Record<string, string> = {},
  options: { clock?: Clock; testDatabase?: TestDatabase; extend?: (app: FastifyInstance) => void } = {},
): Promise<TestApp> {
  const testDatabase = options.testDatabase ?? (await createTestDatabase());
  const config = loadConfig({ DEV_TOOLS: '1', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', ...env });
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
    close: async () => {
      await app.close();
      if (!options.testDatabase) {
        await testDatabase.drop();
      }
    },
  };
}
