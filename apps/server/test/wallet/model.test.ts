import { formatMoney, money } from '@suanli/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findLedgerMismatches } from '../../src/modules/wallet/ledger-check.queries.js';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { createSignedInUser } from '../helpers/factories.js';
import { seededRandom } from '../helpers/seeded-random.js';
import { charge, giveVoucher } from '../helpers/vouchers.js';
import { countGrowth, fund } from '../helpers/wallets.js';

interface ModelVoucher {
  /** Earlier spends first. */
  order: number;
  kind: 'voucher' | 'coupon';
  left: bigint;
}

/** What a charge does in the model: vouchers first, earliest expiry first, then the balance; null when refused. */
function chargeModel(
  user: { balance: bigint; consumed: bigint; vouchers: ModelVoucher[] },
  cents: bigint,
  coupons: boolean,
): bigint | null {
  const usable = user.vouchers
    .filter((voucher) => voucher.left > 0n && (coupons || voucher.kind === 'voucher'))
    .sort((a, b) => a.order - b.order);
  const covered = usable.reduce((sum, voucher) => sum + voucher.left, 0n);
  const fromVouchers = covered < cents ? covered : cents;
  if (user.balance < cents - fromVouchers) {
    return null;
  }
  let left = fromVouchers;
  for (const voucher of usable) {
    const take = voucher.left < left ? voucher.left : left;
    voucher.left -= take;
    left -= take;
  }
  user.balance -= cents - fromVouchers;
  user.consumed += cents - fromVouchers;
  return fromVouchers;
}

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '0' });
});
afterAll(() => t.close());

const USERS = 5;
const STEPS = 200;

describe('wallet operations (recharges, vouchers, charges, transfers) in a seeded random order', () => {
  it('leave every balance, voucher and growth where a plain model of them says, and the ledger whole', async () => {
    const users = await Promise.all(
      Array.from({ length: USERS }, async (_, index) => {
        const phone = `189${index}${String(Date.now()).slice(-7)}`;
        return { ...(await createSignedInUser(t, { phone })), phone };
      }),
    );
    // The model: balances and vouchers in cents, no database, no locks. A voucher's place in the spending order is its
    // validity in days, then its grant: the steps take far less than a day.
    const model = users.map(() => ({ balance: 0n, consumed: 0n, vouchers: [] as ModelVoucher[] }));
    const next = seededRandom(42);

    for (let step = 0; step < STEPS; step += 1) {
      const from = Math.floor(next() * USERS);
      const cents = BigInt(1 + Math.floor(next() * 5_000));
      const roll = next();
      if (roll < 0.25) {
        await fund(t, users[from]!.userId, formatMoney(money(cents * 100n)));
        model[from]!.balance += cents;
      } else if (roll < 0.35) {
        const validDays = 1 + Math.floor(next() * 30);
        const kind = next() < 0.5 ? 'voucher' : 'coupon';
        await giveVoucher(t, users[from]!.userId, formatMoney(money(cents * 100n)), { validDays, kind });
        model[from]!.vouchers.push({ order: validDays * STEPS + step, kind, left: cents });
      } else if (roll < 0.6) {
        const transactionType = next() < 0.5 ? 'appOrder' : 'dataStorage';
        const outcome = await charge(t, users[from]!.userId, formatMoney(money(cents * 100n)), {
          transactionType,
        }).catch((error: unknown) => error);
        const expected = chargeModel(model[from]!, cents, transactionType === 'appOrder');
        if (expected === null) {
          expect(outcome, `step ${step}`).toMatchObject({ status: 422 });
        } else {
          expect(outcome, `step ${step}`).toMatchObject({ voucherPaid: expected * 100n });
        }
      } else {
        const to = (from + 1 + Math.floor(next() * (USERS - 1))) % USERS;
        const response = await t.request({
          method: 'POST',
          url: '/api/recharge/transfer',
          token: users[from]!.token,
          payload: { username: users[to]!.phone, amount: formatMoney(money(cents * 100n)) },
        });
        const covered = model[from]!.balance >= cents;
        expect(response.statusCode, `step ${step}`).toBe(covered ? 200 : 422);
        if (covered) {
          model[from]!.balance -= cents;
          model[to]!.balance += cents;
        }
      }
    }

    await countGrowth(t);
    const records = await Promise.all(
      users.map(async (user) => {
        const get = (url: string) => t.request({ method: 'GET', url, token: user.token }).then((r) => r.json().data);
        const [balance, vip] = await Promise.all([
          get('/api/recharge/order-info/selectBalance'),
          get('/api/recharge/vip/selectVip'),
        ]);
        return { ...balance, growth: vip.growthValue };
      }),
    );
    expect(records).toEqual(
      model.map((user) => ({
        balance: formatMoney(money(user.balance * 100n)),
        voucher: formatMoney(
          money(user.vouchers.filter((v) => v.kind === 'voucher').reduce((sum, v) => sum + v.left, 0n) * 100n),
        ),
        growth: Number(user.consumed / 100n),
      })),
    );
    expect(await findLedgerMismatches(t.db)).toEqual([]);
  });
});
