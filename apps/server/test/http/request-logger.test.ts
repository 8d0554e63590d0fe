import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loggerOptions } from '../../src/http/logger.js';
import { AdjustableClock } from '../../src/jobs/clock.js';
import { testConfig } from '../helpers/build-test-app.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.js';

// Each request's logger is made on its first line (http/request-logger.ts): what it writes must not change.
let testDatabase: TestDatabase;
let app: FastifyInstance;
const lines: string[] = [];

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  const logger = { ...(loggerOptions('warn') as object), stream: { write: (line: string) => lines.push(line) } };
  app = await buildApp({
    config: await testConfig(),
    database: testDatabase.database,
    clock: new AdjustableClock(),
    logger,
  });
  app.get('/api/test/log', async (request) => {
    request.log.info('below the level');
    request.log.warn({ email: 'someone@example.com' }, 'at the level');
    request.log.child({ step: 'inner' }).error('from a child');
    return { ok: true };
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await testDatabase.drop();
});

describe("a request's logger", () => {
  it('writes the lines its level lets through, with the request id, redacted, and nothing else', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/test/log',
      headers: { 'x-request-id': 'req-log-1' },
    });
    expect(response.statusCode).toBe(200);
    const written = lines.map((line) => JSON.parse(line)).filter((line) => line.reqId === 'req-log-1');
    expect(written.map((line) => line.msg)).toEqual(['at the level', 'from a child']);
    expect(written[0].email).toBe('[redacted]');
    expect(written[1].step).toBe('inner');
  });
});
