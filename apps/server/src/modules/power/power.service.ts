import {
  applyRatesToFen,
  formatMoney,
  money,
  POWER_POINTS,
  UNITS_PER_YUAN,
  type EndpointData,
  type Money,
  type PageQuery,
  type PowerPackage,
  type power,
} from '@suanli/contract';
import type { Db, Tx } from '../../db/client.js';
import type { UserId } from '../../db/ids.js';
import { paged } from '../../db/paging.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../http/app-error.js';
import type { Clock } from '../../jobs/clock.js';
import type { WalletService } from '../wallet/index.js';
import { addLocalMonths, expiryOf } from './package-schedule.js';
import { expireLot, issueDueMonths, spendPoints } from './points-ledger.js';
import * as queries from './power.queries.js';

type HistoryRow = EndpointData<typeof power.getDealInfoHashrate>['rows'][number];

// The most running packages one user is shown; far more than anyone holds at once.
const ACTIVE_PACKAGES_LISTED = 100;

/** What a package costs for that many months: the monthly price times the months, discounted, rounded once to the fen. */
const termPrice = (monthlyPrice: Money, months: number, discountBasisPoints: number) =>
  applyRatesToFen(money(monthlyPrice * BigInt(months)), discountBasisPoints);

/** 100 points a yuan (spec §9); the amount is whole yuan. */
const pointsFor = (amount: Money) => (amount * BigInt(POWER_POINTS.perYuan)) / UNITS_PER_YUAN;

const iso = (at: Date | null) => at?.toISOString() ?? null;

interface PowerDependencies {
  db: Db;
  clock: Clock;
  /** TZ_BUSINESS: the calendar a package's months follow. */
  timeZone: string;
  wallet: Pick<WalletService, 'charge' | 'newOrderNo'>;
}

/**
 * Power points and packages (docs/decisions/0014): a purchase is charged to the balance through the wallet and issues
 * points in the same transaction; the points live in lots and a history of their own.
 */
export function powerService({ db, clock, timeZone, wallet }: PowerDependencies) {
  const balanceOf = async (executor: Db, userId: UserId) =>
    Number(await queries.pointsBalance(executor, userId, clock.now()));

  return {
    async buyPoints(userId: UserId, amount: Money) {
      const now = clock.now();
      const orderNo = await wallet.newOrderNo(db, 'P', now);
      const points = pointsFor(amount);
      const expiresAt = expiryOf(now);
      return inTransaction(db, async (tx) => {
        const charged = await wallet.charge(tx, {
          userId,
          amount,
          transactionType: 'powerPointByBalance',
          orderNo,
          vouchers: false,
        });
        await queries.issueLot(tx, { userId, orderNo, kind: 'powerPointByBalance', points, at: now, expiresAt });
        return {
          orderNo,
          amount: formatMoney(amount),
          points: Number(points),
          expireTime: expiresAt.toISOString(),
          balance: formatMoney(charged.balance),
          pointsBalance: await balanceOf(tx, userId),
        };
      });
    },

    /** Charged in full up front; the first month's points come with it, the rest from the monthly job. */
    async buyPackage(userId: UserId, { package: plan, months }: { package: PowerPackage; months: number }) {
      const term = await queries.findPlanTerm(db, plan, months);
      if (!term) {
        throw new AppError('businessRule', { messageKey: 'power.packageNotOnSale', field: 'months' });
      }
      const now = clock.now();
      const orderNo = await wallet.newOrderNo(db, 'P', now);
      const price = termPrice(term.monthlyPrice, months, term.discountBasisPoints);
      return inTransaction(db, async (tx) => {
        const charged = await wallet.charge(tx, {
          userId,
          amount: price,
          transactionType: 'powerPointByBalance',
          orderNo,
          vouchers: false,
        });
        const bought = await queries.insertPackage(tx, {
          orderNo,
          userId,
          package: plan,
          months,
          monthlyPoints: term.monthlyPoints,
          price,
          purchasedAt: now,
          nextIssueAt: now,
          endsAt: addLocalMonths(now, months, timeZone),
        });
        const { nextIssueAt } = await issueDueMonths(tx, bought, { now, timeZone });
        return {
          orderNo,
          package: plan,
          months,
          price: formatMoney(price),
          monthlyPoints: Number(term.monthlyPoints),
          balance: formatMoney(charged.balance),
          pointsBalance: await balanceOf(tx, userId),
          nextIssueTime: iso(nextIssueAt),
        };
      });
    },

    /** getDealInfoHashrate: the balance, the lots soonest expiry first and a page of the history. */
    async overview(userId: UserId, page: PageQuery) {
      const now = clock.now();
      const [pointsBalance, lots, history] = await Promise.all([
        balanceOf(db, userId),
        queries.spendableLots(db, userId, { now, limit: POWER_POINTS.lotsListed }),
        paged(page, queries.historyPage(db, userId)),
      ]);
      return {
        pointsBalance,
        lots: lots.map((lot) => ({
          lotId: String(lot.id),
          orderNo: lot.orderNo,
          package: lot.package,
          points: Number(lot.points),
          remaining: Number(lot.remaining),
          issueTime: lot.issuedAt.toISOString(),
          expireTime: lot.expiresAt.toISOString(),
        })),
        total: history.total,
        rows: history.rows.map((entry): HistoryRow => ({
          entryId: String(entry.id),
          createTime: entry.createdAt.toISOString(),
          kind: entry.kind,
          points: Number(entry.points),
          orderNo: entry.orderNo,
          package: entry.package,
          month: entry.packageMonth,
          months: entry.months,
        })),
      };
    },

    async catalogue() {
      const { plans, terms } = await queries.findPlans(db);
      return {
        packages: plans.map((plan) => ({
          package: plan.package,
          monthlyPrice: formatMoney(plan.monthlyPrice),
          monthlyPoints: Number(plan.monthlyPoints),
          terms: terms.map((term) => ({
            months: term.months,
            discountBasisPoints: term.discountBasisPoints,
            originalPrice: formatMoney(money(plan.monthlyPrice * BigInt(term.months))),
            price: formatMoney(termPrice(plan.monthlyPrice, term.months, term.discountBasisPoints)),
          })),
        })),
      };
    },

    async activePackages(userId: UserId) {
      const rows = await queries.activePackages(db, userId, { now: clock.now(), limit: ACTIVE_PACKAGES_LISTED });
      return {
        rows: rows.map((row) => ({
          orderNo: row.orderNo,
          package: row.package,
          months: row.months,
          monthlyPoints: Number(row.monthlyPoints),
          price: formatMoney(row.price),
          purchaseTime: row.purchasedAt.toISOString(),
          monthsIssued: row.monthsIssued,
          monthsLeft: row.months - row.monthsIssued,
          nextIssueTime: iso(row.nextIssueAt),
          endTime: row.endsAt.toISOString(),
        })),
      };
    },

    /**
     * For the API platform's pay-per-use (no console spends points): spends from the soonest-expiring lots, once per
     * reference, in the caller's transaction.
     */
    spendPoints: (tx: Tx, usage: { userId: UserId; points: bigint; reference: string }) =>
      spendPoints(tx, { ...usage, now: clock.now() }),

    issueDueMonths: (tx: Tx, bought: queries.PowerPackageRow, now: Date) =>
      issueDueMonths(tx, bought, { now, timeZone }),

    expireLot,
  };
}

export type PowerService = ReturnType<typeof powerService>;
