import { defineEndpoint, operatorReasonSchema } from '@suanli/contract';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlState } from '../../src/db/errors.js';
import { queryRows } from '../../src/db/sql.js';
import { inTransaction } from '../../src/db/transaction.js';
import { route } from '../../src/http/endpoints.js';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { createOperator } from '../helpers/operators.js';
import { createScratchTables, scratchItems } from '../helpers/scratch-tables.js';

// Two operator endpoints of this test only, on a scratch table: one writes its audit row, one forgets it.
const body = z.object({ label: z.string(), reason: operatorReasonSchema });
const data = z.object({ label: z.string() });
const audited = defineEndpoint({
  id: 'testAudited',
  method: 'POST',
  path: '/admin/support/test-audited',
  auth: 'user',
  operator: 'support',
  summary: 'test',
  tag: 'test',
  body,
  data,
});
const unaudited = { ...audited, id: 'testUnaudited', path: '/admin/support/test-unaudited' };

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp(
    {},
    {
      extend: (app) => {
        route(app, audited, ({ body }, { audit }) =>
          inTransaction(t.db, async (tx) => {
            await tx.insert(scratchItems).values({ ownerId: 0n, label: body.label, hits: 0 });
            await audit(tx, { action: 'test.insert', target: `label:${body.label}`, before: null, after: body });
            return { label: body.label };
          }),
        );
        route(app, unaudited, ({ body }) =>
          inTransaction(t.db, async (tx) => {
            await tx.insert(scratchItems).values({ ownerId: 0n, label: body.label, hits: 0 });
            return { label: body.label };
          }),
        );
      },
    },
  );
  await createScratchTables(t.db);
});
afterAll(() => t.close());

const INSUFFICIENT_PRIVILEGE = '42501';
const refusal = (statement: Promise<unknown>) =>
  statement.then(
    () => null,
    (error: unknown) => sqlState(error),
  );

const labels = async (label: string) =>
  queryRows(t.db, sql`SELECT 1 FROM scratch_items WHERE label = ${label}`).then((rows) => rows.length);
const audits = async (label: string) =>
  queryRows(t.db, sql`SELECT 1 FROM audit_log WHERE target = ${`label:${label}`}`).then((rows) => rows.length);

describe('an operator action', () => {
  it('commits with its audit row', async () => {
    const { token } = await createOperator(t, ['support']);
    const payload = { label: 'kept', reason: 'why not' };
    const response = await t.request({ method: 'POST', url: '/api/admin/support/test-audited', token, payload });
    expect(response.statusCode).toBe(200);
    expect([await labels('kept'), await audits('kept')]).toEqual([1, 1]);
  });

  it('that writes no audit row is refused, and what it did is rolled back', async () => {
    const { token } = await createOperator(t, ['support']);
    const payload = { label: 'forgotten', reason: 'why not' };
    const response = await t.request({ method: 'POST', url: '/api/admin/support/test-unaudited', token, payload });
    expect(response.statusCode).toBe(500);
    expect([await labels('forgotten'), await audits('forgotten')]).toEqual([0, 0]);
  });

  it('is refused without a reason, naming the field', async () => {
    const { token } = await createOperator(t, ['support']);
    const payload = { label: 'no-reason', reason: ' ' };
    const response = await t.request({
      method: 'POST',
      url: '/api/admin/support/test-audited',
      token,
      payload,
      locale: 'en-US',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().data.field).toBe('reason');
    expect(await labels('no-reason')).toBe(0);
  });
});

describe('the audit log', () => {
  it('refuses any change or deletion of its rows, and truncation', async () => {
    const { token } = await createOperator(t, ['support']);
    const payload = { label: 'immutable', reason: 'why not' };
    await t.request({ method: 'POST', url: '/api/admin/support/test-audited', token, payload });
    for (const statement of [sql`UPDATE audit_log SET reason = 'rewritten'`, sql`DELETE FROM audit_log`]) {
      expect(await refusal(t.db.execute(statement))).toBe(INSUFFICIENT_PRIVILEGE);
    }
    expect(await refusal(t.db.execute(sql`TRUNCATE audit_log`))).toBe(INSUFFICIENT_PRIVILEGE);
    expect(await audits('immutable')).toBe(1);
  });
});
