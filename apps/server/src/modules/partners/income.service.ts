import { applyRate, costInFen, formatMoney, money, type Money } from '@suanli/contract';
import type { Db, Tx } from '../../db/client.js';
import type { UserId } from '../../db/ids.js';
import type { Clock } from '../../jobs/clock.js';
import type { CatalogueService } from '../catalogue/index.js';
import type { NoticesService } from '../notices/index.js';
import type { UsersService } from '../users/index.js';
import type { IncomeSource, WalletService } from '../wallet/index.js';
import * as queries from './partners.queries.js';
import { percentOf } from './partners.service.js';
import { monthOf, monthRange } from './withdrawal-rules.js';

/** The platform's share of a community image's price per hour; the creator earns the rest (decision 0031). */
export const PLATFORM_SHARE_BASIS_POINTS = 3000;

/** A KOL invitee's welcome (spec §9): a 2-yuan voucher for 30 days and VIP1, whose discount is 98 %. */
export const KOL_WELCOME = { voucher: money(20_000n), validDays: 30, vipGrade: 1 } as const;

export interface IncomeDependencies {
  db: Db;
  clock: Clock;
  timeZone: string;
  wallet: Pick<WalletService, 'creditEarnings' | 'grantVoucher'>;
  users: Pick<UsersService, 'raiseVipGrade' | 'findNickNames'>;
  notices: Pick<NoticesService, 'notifyUser'>;
  catalogue: Pick<CatalogueService, 'creatorRates'>;
}

/**
 * Partners' income (decision 0031): the KOL's share of their invited users' recharges, the creator's of the use of
 * their community images, each credited to the partner's earnings account and recorded as a credit (reviewed before
 * it is withdrawable), in the transaction of the event consumer that grants it; and the reports of both.
 */
export function incomeService({ db, clock, timeZone, wallet, users, notices, catalogue }: IncomeDependencies) {
  const qualified = async (executor: Db, userId: UserId) => (await queries.findQualified(executor, [userId])).size > 0;

  async function credit(tx: Tx, credited: { userId: UserId; amount: Money; source: IncomeSource; orderNo: string }) {
    const { userId, amount } = credited;
    if (amount === 0n) {
      return;
    }
    await wallet.creditEarnings(tx, credited);
    await queries.insertCredit(tx, userId, { amount, at: clock.now() });
  }

  return {
    /** A user registered with a qualified partner's code: recorded as the KOL's and welcomed, once. */
    async welcomeKolInvitee(tx: Tx, invitee: { userId: UserId; inviterId: UserId; at: Date }) {
      const { userId, inviterId, at } = invitee;
      if (inviterId === userId || !(await qualified(tx, inviterId))) {
        return;
      }
      if (!(await queries.insertKolInvitee(tx, userId, { kolId: inviterId, at }))) {
        return;
      }
      const { voucher, validDays, vipGrade } = KOL_WELCOME;
      await wallet.grantVoucher(tx, {
        userId,
        kind: 'voucher',
        name: null,
        amount: voucher,
        source: 'invite',
        validDays,
      });
      await users.raiseVipGrade(tx, userId, vipGrade);
      await notices.notifyUser(tx, {
        userId,
        kind: 'rewardGranted',
        params: { amount: formatMoney(voucher), reason: 'kolInvite' },
      });
    },

    /** An invited user's recharge earns their KOL, while qualified, the KOL's ratio of it; once per order. */
    async creditKolIncome(tx: Tx, recharge: { userId: UserId; orderNo: string; amount: Money }) {
      const kolId = await queries.findKolOf(tx, recharge.userId);
      const partner = kolId === null ? null : await queries.findPartner(tx, kolId);
      if (kolId === null || partner === null || partner.revokedAt !== null) {
        return;
      }
      // Rounded down to the fen: the platform never pays more than the ratio.
      const income = money((applyRate(recharge.amount, partner.kolRatioBasisPoints) / 100n) * 100n);
      const recorded = await queries.insertKolIncome(tx, {
        orderNo: recharge.orderNo,
        kolId,
        inviteeId: recharge.userId,
        rechargeAmount: recharge.amount,
        income,
        at: clock.now(),
      });
      if (recorded) {
        await credit(tx, { userId: kolId, amount: income, source: 'kol', orderNo: recharge.orderNo });
      }
    },

    /**
     * Minutes of use of community images earn their creators (not for their own use, not while revoked) the image's
     * price per hour less the platform's share; a month's income per image is its minutes' total rounded once to the
     * fen, each event crediting what that total grew by.
     */
    async creditCreatorIncome(
      tx: Tx,
      billed: { eventId: bigint; at: Date; usages: { userId: UserId; imageId: bigint; minutes: number }[] },
    ) {
      const rates = await catalogue.creatorRates(tx, [...new Set(billed.usages.map((usage) => usage.imageId))]);
      const creators = await queries.findQualified(
        tx,
        rates.map((rate) => rate.creatorId!),
      );
      const month = monthOf(billed.at, timeZone);
      for (const rate of rates) {
        const creatorId = rate.creatorId!;
        const minutes = billed.usages
          .filter((usage) => usage.imageId === rate.imageId && usage.userId !== creatorId)
          .reduce((sum, usage) => sum + usage.minutes, 0);
        if (minutes === 0 || !creators.has(creatorId)) {
          continue;
        }
        const net = applyRate(rate.pricePerHour, 10_000 - PLATFORM_SHARE_BASIS_POINTS);
        const usage = { imageId: rate.imageId, month, pricePerHour: rate.pricePerHour };
        const total = await queries.addCreatorUsage(tx, { ...usage, creatorId, minutes });
        const income = costInFen(net, 60, total.minutes);
        await queries.setCreatorIncome(tx, { ...usage, income });
        await credit(tx, {
          userId: creatorId,
          amount: money(income - total.income),
          source: 'creator',
          orderNo: `C${billed.eventId}-${rate.imageId}`,
        });
      }
    },

    async kolMonth(userId: UserId, month: string) {
      const [partner, invitees, orders] = await Promise.all([
        queries.findPartner(db, userId),
        queries.listKolInvitees(db, userId),
        queries.listKolIncome(db, userId, monthRange(month, timeZone)),
      ]);
      const names = await users.findNickNames(
        db,
        invitees.map((invitee) => invitee.userId),
      );
      const sum = (values: Money[]) => money(values.reduce((total, value) => total + value, 0n));
      return {
        month,
        rechargeTotal: formatMoney(sum(orders.map((order) => order.rechargeAmount))),
        incomeRatio: percentOf(partner?.kolRatioBasisPoints ?? 1000),
        income: formatMoney(sum(orders.map((order) => order.income))),
        users: invitees.map((invitee) => ({
          nickName: names.get(invitee.userId) ?? '',
          registerTime: invitee.registeredAt.toISOString(),
          orders: orders
            .filter((order) => order.inviteeId === invitee.userId)
            .map((order) => ({
              orderNo: order.orderNo,
              amount: formatMoney(order.rechargeAmount),
              income: formatMoney(order.income),
              time: order.creditedAt.toISOString(),
            })),
        })),
      };
    },

    async creatorMonth(userId: UserId, month: string) {
      const rows = await queries.listCreatorUsage(db, userId, month);
      const names = new Map(
        (await catalogue.creatorRates(db, [...new Set(rows.map((row) => row.imageId))])).map((rate) => [
          rate.imageId,
          rate.name,
        ]),
      );
      return {
        month,
        platformShare: percentOf(PLATFORM_SHARE_BASIS_POINTS),
        income: formatMoney(money(rows.reduce((total, row) => total + row.income, 0n))),
        images: rows.map((row) => ({
          imageId: String(row.imageId),
          name: names.get(row.imageId) ?? '',
          minutes: row.minutes,
          pricePerHour: formatMoney(row.pricePerHour),
          income: formatMoney(row.income),
        })),
      };
    },
  };
}

export type IncomeService = ReturnType<typeof incomeService>;
