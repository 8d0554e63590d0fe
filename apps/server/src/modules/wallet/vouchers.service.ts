import {
  formatMoney,
  translate,
  VoucherSource,
  type Locale,
  type Money,
  type PageQuery,
  type EndpointData,
  type VoucherKind,
  type vouchers,
} from '@suanli/contract';
import type { Db, Tx } from '../../db/client.js';
import type { UserId } from '../../db/ids.js';
import { paged } from '../../db/paging.js';
import { claimOnce } from '../../db/processed-keys.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../http/app-error.js';
import type { Audit } from '../../http/operator-audit.js';
import type { Clock } from '../../jobs/clock.js';
import type { UsersService } from '../users/index.js';
import { moveVouchers } from './ledger.queries.js';
import { activeTiers, bestTier } from './recharge-return.queries.js';
import * as queries from './vouchers.queries.js';

const DAY_MS = 24 * 60 * 60_000;

type VoucherRow = EndpointData<typeof vouchers.listVouchers>['rows'][number];

export interface NewVoucher {
  userId: UserId;
  kind: VoucherKind;
  /** An operator's name for it; null names it by its source. */
  name: string | null;
  amount: Money;
  source: VoucherSource;
  /** Usable from now for this many days. */
  validDays: number;
}

function voucherRow(row: queries.VoucherRow, { locale, now }: { locale: Locale; now: Date }): VoucherRow {
  return {
    id: String(row.id),
    name: row.name ?? translate(locale, VoucherSource.labelKey(row.source)),
    kind: row.kind,
    amount: formatMoney(row.faceAmount),
    balance: formatMoney(row.balance),
    // Expired a moment ago and not yet marked by the expiry job: shown as what it already is.
    status: row.expiresAt <= now ? 'invalid' : row.status,
    effectiveTime: row.effectiveAt.toISOString(),
    expireTime: row.expiresAt.toISOString(),
    source: row.source,
  };
}

interface VouchersDependencies {
  db: Db;
  clock: Clock;
  users: Pick<UsersService, 'findUserByAccount'>;
}

/** Vouchers and coupons: granted by operators, promotions and rewards; listed; spent only by `charge`. */
export function vouchersService({ db, clock, users }: VouchersDependencies) {
  /** Gives a user a voucher, in the caller's transaction when given one. */
  async function grant(executor: Db, voucher: NewVoucher) {
    const now = clock.now();
    const expiresAt = new Date(now.getTime() + voucher.validDays * DAY_MS);
    return inTransaction(executor, async (tx) => {
      const granted = await queries.insertVoucher(tx, { ...voucher, effectiveAt: now, expiresAt });
      await queries.raiseVoucherHorizon(tx, { userId: voucher.userId, until: expiresAt });
      await moveVouchers(tx, {
        userId: voucher.userId,
        change: granted.faceAmount,
        type: 'voucherGrant',
        orderNo: queries.voucherOrderNo(granted.id),
        at: now,
      });
      return granted;
    });
  }

  return {
    grantVoucher: grant,

    /** An operator's grant (`/api/admin/finance/vouchers`): the voucher and its audit row commit together. */
    async grantByOperator(
      audit: Audit,
      locale: Locale,
      body: { account: string; amount: Money; kind: VoucherKind; name: string; validDays: number },
    ) {
      const user = await users.findUserByAccount(db, body.account);
      if (!user) {
        throw new AppError('notFound', { messageKey: 'wallet.transferTargetNotFound', field: 'account' });
      }
      const row = await inTransaction(db, async (tx) => {
        const granted = await grant(tx, { ...body, userId: user.id, source: 'operator' });
        await audit(tx, {
          action: 'wallet.grantVoucher',
          target: `user:${user.id}`,
          before: null,
          after: {
            voucherId: String(granted.id),
            kind: granted.kind,
            name: granted.name,
            amount: formatMoney(granted.faceAmount),
            expiresAt: granted.expiresAt.toISOString(),
          },
        });
        return granted;
      });
      return voucherRow(row, { locale, now: clock.now() });
    },

    async listVouchers(
      userId: UserId,
      { locale, page, list }: { locale: Locale; page: PageQuery; list: queries.VoucherList },
    ) {
      const now = clock.now();
      const result = await paged(page, queries.voucherPage(db, { userId, list, now }));
      return { total: result.total, rows: result.rows.map((row) => voucherRow(row, { locale, now })) };
    },

    /** What vouchers paid of each of the user's orders (absent: nothing), for the orders' bills. */
    voucherPaidFor: (executor: Db, userId: UserId, orderNos: string[]) =>
      queries.voucherPaidFor(executor, { userId, orderNos }),

    async getRechargeReturn() {
      const tiers = await activeTiers(db);
      return {
        active: tiers.length > 0,
        tiers: tiers.map((tier) => ({
          threshold: formatMoney(tier.threshold),
          voucherAmount: formatMoney(tier.voucherAmount),
          validDays: tier.validDays,
        })),
      };
    },

    /**
     * A credited recharge earns the voucher of the highest active tier it reaches, once per order (claimOnce on its
     * number), in the credit's transaction: a credit delivered twice grants one voucher.
     */
    async grantRechargeReturn(tx: Tx, recharge: { userId: UserId; orderNo: string; amount: Money }) {
      const tier = await bestTier(tx, recharge.amount);
      if (!tier || !(await claimOnce(tx, { scope: 'wallet.recharge-return', key: recharge.orderNo }))) {
        return;
      }
      await grant(tx, {
        userId: recharge.userId,
        kind: 'voucher',
        name: null,
        amount: tier.voucherAmount,
        source: 'rechargeReturn',
        validDays: tier.validDays,
      });
    },
  };
}

export type VouchersService = ReturnType<typeof vouchersService>;
