import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/build-test-app.js';
import { createPartner, inviteVouchers, twoPartnerInstances } from './partner-helpers.js';
import { queryRows } from '../../src/db/sql.js';
import { inTransaction } from '../../src/db/transaction.js';
import { recordEvent } from '../../src/events/index.js';
import { replayFrom } from '../../src/events/operations.queries.js';
import { createSignedInUser } from '../helpers/factories.js';
import { cashier, openRecharge } from '../helpers/recharges.js';

// Real PostgreSQL only: two server instances on one database hand the same events to the partners' consumers, which
// are then replayed from the first event; every welcome and every income must still be granted exactly once.
let a: TestApp;
let b: TestApp;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ a, b, close } = await twoPartnerInstances());
});
afterAll(() => close());

const INVITEES = 8;

/** Both instances drain at once, three times over. */
async function drainBoth() {
  for (let round = 0; round < 3; round += 1) {
    await Promise.all([a.drainEvents(), b.drainEvents()]);
  }
}

/** Hands every event again to the consumer from the first, as `npm run events -- replay` does. */
async function replay(consumer: string) {
  const [first] = await queryRows<{ id: string }>(a.db, sql`SELECT min(id)::text AS id FROM events`);
  await inTransaction(a.db, (tx) => replayFrom(tx, consumer, BigInt(first!.id)));
}

const earningsOf = async (server: TestApp, userId: bigint) =>
  (await server.services.wallet.earnings(server.db, userId as never)).earnings;

describe('the partners’ consumers on two instances, then replayed', () => {
  it('welcome each KOL invitee once and credit each recharge’s income once', async () => {
    const kol = await createPartner(a);
    const friends = await Promise.all(
      Array.from({ length: INVITEES }, (_, index) =>
        createSignedInUser(index % 2 === 0 ? a : b, { invitationCode: kol.code }),
      ),
    );
    for (const [index, friend] of friends.entries()) {
      const server = index % 2 === 0 ? a : b;
      const { orderNo } = await openRecharge(server, friend.token, 100 + index);
      await cashier(server, orderNo, 'pay');
    }
    await drainBoth();
    await replay('partners.kol');
    await drainBoth();

    for (const friend of friends) {
      expect(await inviteVouchers(a, friend.token)).toMatchObject([{ amount: '2.00' }]);
    }
    const informs = await queryRows<{ count: number }>(
      a.db,
      sql`SELECT count(*)::int AS count FROM informs WHERE kind = 'rewardGranted' AND params->>'reason' = 'kolInvite'`,
    );
    expect(informs[0]!.count).toBe(INVITEES);
    // 10 % of 100 + 101 + … + 107 yuan.
    const recharged = Array.from({ length: INVITEES }, (_, index) => 100 + index).reduce((sum, yuan) => sum + yuan, 0);
    expect(await earningsOf(a, kol.userId)).toBe(BigInt(recharged) * 1_000n);
  });

  it('credit a creator once for the minutes of each billing event', async () => {
    const creator = await createPartner(a);
    const imageId = await a.services.catalogue.publishCommunityImage({
      ownerId: creator.userId,
      name: 'Twice-told image',
      typeNameEn: 'LLM inference',
      summaryZh: '社区镜像',
      summaryEn: 'A community image',
      links: [],
    });
    const renter = await createSignedInUser(a);
    // What the billing tick records (applications/billing.ts): 12 minutes, then 18, at 1.00 an hour less 30 %.
    for (const minutes of [12, 18]) {
      await inTransaction(a.db, (tx) =>
        recordEvent(tx, {
          type: 'gpuTime.billed',
          subject: `gpuTime:${minutes}`,
          payload: {
            usages: [
              { userId: String(renter.userId), applicationId: '1', imageId: String(imageId), minutes: String(minutes) },
            ],
          },
          at: a.clock.now(),
        }),
      );
    }
    await drainBoth();
    await replay('partners.creator-income');
    await drainBoth();
    expect(await earningsOf(a, creator.userId)).toBe(3_500n);
  });
});
