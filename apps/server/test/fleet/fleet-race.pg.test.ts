import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/sql.js';
import { inTransaction } from '../../src/db/transaction.js';
import { act, computeEnv, createApplication, createRenter, imageIdOf } from '../applications/application-helpers.js';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { someoneWaitsForALock } from '../helpers/lock-waits.js';
import { runLedgerCheck } from '../helpers/wallets.js';
import { holder, release } from '../inventory/inventory-helpers.js';
import { auditRowsOf, createOperator } from '../helpers/operators.js';
import { fleetCall, hostNamed, quote } from './fleet-helpers.js';

// Real PostgreSQL only: two operators changing one host or one price at the same moment, on two connections.
let t: TestApp;
let first: Awaited<ReturnType<typeof createOperator>>;
let second: Awaited<ReturnType<typeof createOperator>>;
beforeAll(async () => {
  t = await buildTestApp(computeEnv());
  first = await createOperator(t, ['fleet']);
  second = await createOperator(t, ['fleet']);
});
afterAll(() => t.close());

const auditOf = async (target: string) =>
  [...(await auditRowsOf(t, first.userId)), ...(await auditRowsOf(t, second.userId))].filter(
    (row) => row.target === target,
  );

describe('two operators at once', () => {
  it('changing one host: one wins, the other gets a 409, and one audit row says what happened', async () => {
    for (let round = 0; round < 5; round += 1) {
      const host = await hostNamed(t, first.token, 'n1-3090-01');
      const [drain, broke] = await Promise.all([
        fleetCall(t, first.token, 'POST', `/hosts/${host.id}/state`, {
          state: host.state === 'draining' ? 'active' : 'draining',
          version: host.version,
          reason: 'drain',
        }),
        fleetCall(t, second.token, 'POST', `/hosts/${host.id}/state`, {
          state: 'broken',
          version: host.version,
          reason: 'broken',
        }),
      ]);
      expect([drain.statusCode, broke.statusCode].sort()).toEqual([200, 409]);
      const winner = drain.statusCode === 200 ? drain : broke;
      const after = await hostNamed(t, first.token, 'n1-3090-01');
      expect(after).toMatchObject({ state: winner.json().data.state, version: host.version + 1 });
      if (after.state === 'broken') {
        const back = await fleetCall(t, first.token, 'POST', `/hosts/${host.id}/state`, {
          state: 'active',
          version: after.version,
          reason: 'repaired',
        });
        expect(back.statusCode).toBe(200);
      }
    }
    const rows = await auditOf(`host:${(await hostNamed(t, first.token, 'n1-3090-01')).id}`);
    const final = await hostNamed(t, first.token, 'n1-3090-01');
    expect(rows).toHaveLength(final.version - 1);
  });

  it('changing one price: one wins, the other gets a 409, and quotes show the winner’s price', async () => {
    const { models } = (await fleetCall(t, first.token, 'GET', '/gpu-models')).json().data;
    const { version } = models.find((row: { gpuModel: string }) => row.gpuModel === 'L20');
    const change = (operator: typeof first, hourlyPrice: string) =>
      fleetCall(t, operator.token, 'POST', '/gpu-models/L20/price', {
        hourlyPrice,
        educationHourlyPrice: null,
        version,
        reason: `to ${hourlyPrice}`,
      });
    const answers = await Promise.all([change(first, '3.00'), change(second, '4.00')]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.find((answer) => answer.statusCode === 200)!.json().data;
    expect((await quote(t, 'gpuModel=L20&billingMode=minute')).json().data.price).toBe(winner.hourlyPrice);
    expect(await auditOf('gpu-model:L20')).toMatchObject([
      { before: { hourlyPrice: '3.38', version }, after: { hourlyPrice: winner.hourlyPrice, version: version + 1 } },
    ]);
  });
});

describe('a drain and a placement at once', () => {
  it('the drain waits for the placement in flight, which it then names; nothing is placed after it', async () => {
    const host = await hostNamed(t, first.token, 'n1-l20-01');
    const demand = { gpuModel: 'L20', gpuCount: 1, hostId: BigInt(host.id) };
    let took!: () => void;
    let commit!: () => void;
    const tookGpu = new Promise<void>((resolve) => (took = resolve));
    const committing = new Promise<void>((resolve) => (commit = resolve));
    const applicationId = holder();
    const placement = inTransaction(t.db, async (tx) => {
      const allocation = await t.services.scheduler.allocateGpus(tx, { ...demand, applicationId });
      took();
      await committing;
      return allocation;
    });
    await tookGpu;

    let answered = false;
    const drain = fleetCall(t, first.token, 'POST', `/hosts/${host.id}/state`, {
      state: 'draining',
      version: host.version,
      reason: 'drain',
    }).then((response) => {
      answered = true;
      return response;
    });
    for (let polls = 0; !answered && !(await someoneWaitsForALock(t.db)) && polls < 600; polls += 1) {
      await sleep(50);
    }
    expect(answered).toBe(false);
    commit();
    expect((await placement).allocated).toBe(true);
    const drained = await drain;
    expect(drained.statusCode).toBe(200);
    expect(drained.json().data.gpus.map((gpu: { applicationId: string | null }) => gpu.applicationId)).toContain(
      String(applicationId),
    );
    const late = await inTransaction(t.db, (tx) =>
      t.services.scheduler.allocateGpus(tx, { ...demand, applicationId: holder() }),
    );
    expect(late.allocated).toBe(false);
    await release(t, applicationId);
  });
});

describe('destroys racing an operator who breaks their host', () => {
  it('refund each prepaid application once, and every wallet still equals its ledger', async () => {
    const call = (path: string, payload: object) => fleetCall(t, first.token, 'POST', path, payload);
    await call('/gpu-models', { gpuModel: 'P100', memoryGb: 16, hourlyPrice: '1.00', reason: 'old racks' });
    const host = (
      await call('/hosts', { regionId: 'cn-north-1', name: 'n1-p100-01', gpuModel: 'P100', gpuCount: 2, reason: 'x' })
    ).json().data;
    const image = await imageIdOf(t, 'PyTorch 2.3 + JupyterLab');
    const renter = await createRenter(t, '100');
    const daily = { imageId: image, gpuModel: 'P100', gpuCount: 1, billingMode: 'day', regionId: 'cn-north-1' };
    const ids: string[] = [];
    for (let index = 0; index < 2; index += 1) {
      ids.push((await createApplication(t, renter.token, daily)).json().data.id as string);
    }

    const [broken, ...destroys] = await Promise.all([
      call(`/hosts/${host.id}/state`, { state: 'broken', version: host.version, reason: 'power supply' }),
      ...ids.flatMap((id) => Array.from({ length: 6 }, () => act(t, renter.token, 'destruction', id))),
    ]);
    expect(broken!.statusCode).toBe(200);
    const codes = destroys.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(2);
    expect(codes.filter((code) => code === 409)).toHaveLength(10);
    const [counts] = await queryRows<{ refunds: number; refunded: number }>(
      t.db,
      sql`SELECT (SELECT count(DISTINCT order_no)::int FROM ledger_entries
                  WHERE account_kind = 'balance' AND transaction_type = 'refund'
                    AND order_no IN (SELECT order_no FROM applications WHERE host_id = ${BigInt(host.id)})) AS refunds,
                 (SELECT count(*)::int FROM applications WHERE host_id = ${BigInt(host.id)} AND refunded_units > 0)
                   AS refunded`,
    );
    expect(counts).toEqual({ refunds: 2, refunded: 2 });
    expect((await runLedgerCheck(t)).code).toBe(0);
  });
});
