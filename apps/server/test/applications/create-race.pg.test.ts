import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/sql.js';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { fleetFile, fleetWith } from '../inventory/inventory-helpers.js';
import { computeEnv, createApplication, createRenter, imageIdOf } from './application-helpers.js';

// Real PostgreSQL only: PGlite runs one statement at a time and cannot show a race (ARCHITECTURE §4). The reconciler
// stays off: what is raced is the accepting transaction, not the workspaces.
let t: TestApp;
beforeAll(async () => {
  const hosts = [...Array<number>(12).fill(8), 4].map((gpuCount, index) => ({
    name: `race-${index}`,
    gpuModel: 'RTX 4090',
    gpuCount,
  }));
  t = await buildTestApp({ ...computeEnv(), ...(await fleetFile(fleetWith([{ id: 'cn-east-1', hosts }]))) });
});
afterAll(() => t.close());

describe('creates racing for the same GPUs', () => {
  it('make exactly 100 applications of 200 requests for 100 free GPUs, none sharing a GPU, and charge only those', async () => {
    const image = await imageIdOf(t, 'PyTorch 2.3 + JupyterLab');
    const renters = await Promise.all(Array.from({ length: 20 }, () => createRenter(t, '1000')));
    const daily = { imageId: image, gpuModel: 'RTX 4090', gpuCount: 1, billingMode: 'day' };

    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, index) => createApplication(t, renters[index % renters.length]!.token, daily)),
    );
    const accepted = answers.filter((answer) => answer.statusCode === 200);
    expect(accepted).toHaveLength(100);
    const refusals = answers.filter((answer) => answer.statusCode !== 200);
    expect(
      refusals.every(
        (answer) =>
          answer.statusCode === 409 &&
          answer.json().msg === 'This GPU model for this image is sold out; choose another',
      ),
    ).toBe(true);

    const [held] = await queryRows<{ gpus: number; holders: number; applications: number; charges: number }>(
      t.db,
      sql`SELECT (SELECT count(*)::int FROM gpus WHERE application_id IS NOT NULL) AS gpus,
                 (SELECT count(DISTINCT application_id)::int FROM gpus) AS holders,
                 (SELECT count(*)::int FROM applications) AS applications,
                 (SELECT count(*)::int FROM ledger_entries WHERE account_kind = 'balance' AND transaction_type = 'appOrder') AS charges`,
    );
    expect(held).toEqual({ gpus: 100, holders: 100, applications: 100, charges: 100 });
  });
});
