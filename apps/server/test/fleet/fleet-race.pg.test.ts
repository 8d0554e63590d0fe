import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { auditRowsOf, createOperator } from '../helpers/operators.js';
import { fleetCall, hostNamed, quote } from './fleet-helpers.js';

// Real PostgreSQL only: two operators changing one host or one price at the same moment, on two connections.
let t: TestApp;
let first: Awaited<ReturnType<typeof createOperator>>;
let second: Awaited<ReturnType<typeof createOperator>>;
beforeAll(async () => {
  t = await buildTestApp();
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
