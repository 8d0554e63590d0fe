import { signRequest } from '@suanli/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { inTransaction } from '../../src/db/transaction.js';
import { loggerOptions } from '../../src/http/logger.js';
import { AdjustableClock } from '../../src/jobs/clock.js';
import { testConfig } from '../helpers/build-test-app.js';
import { createUser } from '../helpers/factories.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.js';
import { uniqueEmail, uniquePhone } from '../fixtures/auth-flows.js';

let testDatabase: TestDatabase;
let app: FastifyInstance;
const lines: string[] = [];

/** The app with the production logger's options, its output captured, and two routes whose queries fail. */
beforeAll(async () => {
  testDatabase = await createTestDatabase();
  const logger = { ...(loggerOptions('info') as object), stream: { write: (line: string) => lines.push(line) } };
  const config = await testConfig({ LOG_LEVEL: 'info', CAPTCHA: 'off' });
  app = await buildApp({ config, database: testDatabase.database, clock: new AdjustableClock(), logger });
  const db = testDatabase.database.db;
  // A cast PostgreSQL refuses, quoting the value in its message.
  app.get('/api/test/cast', async (request) => {
    const { value } = request.query as { value: string };
    return db.execute(sql`SELECT ${value}::integer AS n`);
  });
  // A unique index that refuses an account, repeating the value in its detail.
  app.post('/api/test/duplicate', async (request) => {
    const { email, nickName } = request.body as { email: string; nickName: string };
    return inTransaction(db, (tx) => app.services.users.createAccount(tx, { email, nickName }));
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await testDatabase.drop();
});

const logged = () => lines.join('');
const signed = (path: string) => ({ sn: signRequest(path.split('?')[0]!.replace(/^\/api/, ''), Date.now()) });

describe('the log', () => {
  it('keeps the text of a failed query and none of its parameter values', async () => {
    const secret = `${uniqueEmail()}-not-a-number`;
    const response = await app.inject({ method: 'GET', url: `/api/test/cast?value=${encodeURIComponent(secret)}` });
    expect(response.statusCode).toBe(500);
    const line = lines.find((entry) => entry.includes('::integer'))!;
    expect(line).toContain('SELECT $1::integer AS n');
    expect(line).toContain('invalid input syntax for type integer');
    expect(line).not.toContain(secret);
  });

  it('keeps the SQLSTATE and constraint of a duplicate, not the account or the nickname', async () => {
    const email = uniqueEmail();
    await createUser({ db: testDatabase.database.db, services: app.services }, { email, phone: uniquePhone() });
    const nickName = 'NicknameKeptOutOfLogs';
    const response = await app.inject({ method: 'POST', url: '/api/test/duplicate', payload: { email, nickName } });
    expect(response.statusCode).toBe(500);
    const line = lines.find((entry) => entry.includes('users_email'))!;
    expect(line).toContain('insert into \\"users\\"');
    expect(line).toContain('23505');
    expect(line).not.toContain(email);
    expect(line).not.toContain(nickName);
  });

  it('shows the path and the query keys of a request, never the query values', async () => {
    const url = '/api/auth/user/getUserByMail?mail=a@b.c';
    await app.inject({ method: 'GET', url, headers: signed(url) });
    const lookup = '/api/auth/user/getUserByMail?mail=' + encodeURIComponent('someone@example.cn');
    await app.inject({ method: 'GET', url: lookup, headers: signed(lookup) });
    expect(logged()).toContain('"url":"/api/auth/user/getUserByMail?mail=*"');
    expect(logged()).not.toContain('a@b.c');
    expect(logged()).not.toContain('someone');
  });

  it('shows the outbox recipient masked', async () => {
    const phone = uniquePhone();
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/msm/send',
      headers: signed('/api/auth/msm/send'),
      payload: { phone, type: '1' },
    });
    expect(response.statusCode).toBe(200);
    expect(logged()).toContain(`"to":"${phone.slice(0, 3)}****${phone.slice(-4)}"`);
    expect(logged()).not.toContain(phone);
  });

  it('redacts phones, e-mails, ID numbers, passwords and tokens wherever a log call puts them', () => {
    const values = { phone: uniquePhone(), email: uniqueEmail(), idCard: '11010519491231002X', password: 'hunter2-x' };
    app.log.info({ ...values, user: { account: values, token: 'token-value-1' } }, 'redaction probe');
    const line = lines.find((entry) => entry.includes('redaction probe'))!;
    for (const value of [...Object.values(values), 'token-value-1']) {
      expect(line).not.toContain(value);
    }
    expect(line).toContain('[redacted]');
  });
});
