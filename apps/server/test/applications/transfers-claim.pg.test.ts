import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/sql.js';
import { inTransaction } from '../../src/db/transaction.js';
import { buildTestApp, secondInstance, type TestApp } from '../helpers/build-test-app.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.js';
import { computeEnv, createApplication, createRenter, imageIdOf } from './application-helpers.js';

// Two servers on one PostgreSQL and one data folder, each with its copy runner woken at once: every queued copy is
// claimed by one of them only (SKIP LOCKED under a lease) and copied once. Real PostgreSQL only: PGlite has one server.
let testDatabase: TestDatabase;
let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  const env = computeEnv();
  testDatabase = await createTestDatabase();
  a = await buildTestApp(env, { testDatabase });
  a.services.applications.reconcileOnChange();
  b = await secondInstance(a, env);
});
afterAll(async () => {
  await b.close();
  await a.close();
  await testDatabase.drop();
});

describe('copies woken on two servers at once', () => {
  it('are each claimed and copied by one server only', async () => {
    const renter = await createRenter(a);
    const created = await createApplication(a, renter.token, {
      imageId: await imageIdOf(a, 'PyTorch 2.3 + JupyterLab'),
      gpuModel: 'RTX 4090',
      gpuCount: 1,
      billingMode: 'minute',
    });
    const applicationId = (created.json().data as { id: string }).id;
    await a.services.applications.settled();
    for (let index = 0; index < 20; index += 1) {
      await inTransaction(a.db, (tx) =>
        a.services.applications.startCopy(tx, {
          userId: renter.userId,
          applicationId,
          directory: `/models/copy-${index}`,
          label: `copy ${index}`,
          kind: 'model',
          items: [{ path: 'README.md', size: 459, source: { kind: 'models', key: 'chatglm3-6b/README.md' } }],
        }),
      );
    }
    a.services.applications.copyPending();
    b.services.applications.copyPending();
    await Promise.all([a.services.applications.copiesSettled(), b.services.applications.copiesSettled()]);
    const rows = await queryRows<{ state: string; attempts: number; copies: number }>(
      a.db,
      sql`SELECT state, attempts, count(*)::int AS copies FROM workspace_transfers GROUP BY state, attempts`,
    );
    expect(rows).toEqual([{ state: 'done', attempts: 1, copies: 20 }]);
  });
});
