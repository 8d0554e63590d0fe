import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/sql.js';
import { computeEnv, createRenter, imageIdOf, runningApplication } from '../applications/application-helpers.js';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { createUser } from '../helpers/factories.js';
import { cashier, openRecharge } from '../helpers/recharges.js';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp(computeEnv());
  t.services.applications.reconcileOnChange();
});
afterAll(() => t.close());

const eventsOf = (type: string, userId: bigint) =>
  queryRows<{ payload: Record<string, unknown> }>(
    t.db,
    sql`SELECT payload FROM events WHERE type = ${type} AND payload->>'userId' = ${String(userId)} ORDER BY id`,
  );

describe('the facts invite rewards and partner programmes build on', () => {
  it('records who invited a new user when they register', async () => {
    const inviter = await createUser(t);
    const [row] = await queryRows<{ code: string }>(
      t.db,
      sql`SELECT invitation_code AS code FROM users WHERE id = ${inviter}`,
    );
    const invited = await createUser(t, { invitationCode: row!.code });
    const alone = await createUser(t, { invitationCode: 'NO-SUCH-CODE' });

    expect((await eventsOf('user.registered', invited)).map((row) => row.payload)).toEqual([
      { userId: String(invited), inviterId: String(inviter) },
    ]);
    expect((await eventsOf('user.registered', alone)).map((row) => row.payload)).toEqual([
      { userId: String(alone), inviterId: null },
    ]);
  });

  it('records an application once it is accepted, and a recharge once however often its payment is reported', async () => {
    const renter = await createRenter(t, '0');
    const { orderNo } = await openRecharge(t, renter.token, 20);
    await cashier(t, orderNo, 'pay');
    await cashier(t, orderNo, 'pay');
    const applicationId = await runningApplication(t, renter.token, await imageIdOf(t, 'PyTorch 2.3 + JupyterLab'));

    expect((await eventsOf('recharge.credited', renter.userId)).map((row) => row.payload)).toEqual([
      { userId: String(renter.userId), orderNo, amount: '200000' },
    ]);
    expect((await eventsOf('application.created', renter.userId)).map((row) => row.payload.applicationId)).toEqual([
      applicationId,
    ]);
  });
});
