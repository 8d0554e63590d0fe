import {
  formatMoney,
  type EndpointData,
  type EndpointInput,
  type Money,
  type PageQuery,
  type partners as contract,
} from '@suanli/contract';
import type { Db } from '../../db/client.js';
import type { UserId } from '../../db/ids.js';
import { paged } from '../../db/paging.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../http/app-error.js';
import type { Clock } from '../../jobs/clock.js';
import type { RealNameService } from '../real-name/index.js';
import type { UsersService } from '../users/index.js';
import type { WalletService } from '../wallet/index.js';
import * as queries from './partners.queries.js';
import type { Payee, withdrawals } from './partners.tables.js';
import { feeOf, monthOf, reviewedBefore, WITHDRAWAL_RULES, withdrawableOf } from './withdrawal-rules.js';

type PersonBody = EndpointInput<typeof contract.insertPersonWithdraw>['body'];
type CompanyBody = EndpointInput<typeof contract.insertCompanyWithdraw>['body'];
type WithdrawalRow = EndpointData<typeof contract.getWithdrawApplyList>['rows'][number];

const refused = (messageKey: string, params?: Record<string, string>, field?: string) =>
  new AppError('businessRule', { messageKey, ...(params ? { params } : {}), ...(field ? { field } : {}) });

/** Basis points as percent text: 1000 → "10", 650 → "6.5". */
export const percentOf = (basisPoints: number) => String(basisPoints / 100);

export function withdrawalRow(row: typeof withdrawals.$inferSelect): WithdrawalRow {
  return {
    id: String(row.id),
    applyTime: row.submittedAt.toISOString(),
    amount: formatMoney(row.amount),
    fee: formatMoney(row.fee),
    payout: formatMoney((row.amount - row.fee) as Money),
    invoiceType: row.invoiceType,
    status: row.status,
    payee: row.payee.kind,
    payeeName: row.payee.kind === 'personal' ? (row.payee.name ?? '') : (row.payee.companyName ?? ''),
    rejectNote: row.rejectNote,
  };
}

export interface PartnersDependencies {
  db: Db;
  clock: Clock;
  timeZone: string;
  wallet: Pick<WalletService, 'earnings' | 'holdWithdrawal' | 'newOrderNo'>;
  realName: Pick<RealNameService, 'isVerified'>;
  users: Pick<UsersService, 'findInvitationCode' | 'findUserByAccount'>;
}

/**
 * The partner qualification, payment accounts and withdrawals (spec §5, §9, decision 0031). A user joins by setting
 * a payment account with the agreement accepted, which only a real-name verified user may; a withdrawal holds its
 * amount (earnings → held) under the partner's row lock, so concurrent requests never take more than is withdrawable.
 */
export function partnersService({ db, clock, timeZone, wallet, realName, users }: PartnersDependencies) {
  async function mustBeVerified(userId: UserId) {
    if (!(await realName.isVerified(userId))) {
      throw new AppError('forbidden', { messageKey: 'partners.realNameRequired' });
    }
  }

  /** What of the earnings is withdrawable now, in review and held (in the caller's transaction when given one). */
  async function balances(executor: Db, userId: UserId) {
    const { earnings, held } = await wallet.earnings(executor, userId);
    const inReview = await queries.sumCreditsSince(executor, userId, reviewedBefore(clock.now(), timeZone));
    return { earnings, held, inReview, withdrawable: withdrawableOf(earnings, inReview) };
  }

  /** Spec §5, §9: the amount within what is withdrawable, which must reach the threshold, and at least the minimum. */
  function checkAmount(amount: Money, withdrawable: Money) {
    const { minimum, threshold } = WITHDRAWAL_RULES;
    if (withdrawable === 0n) {
      throw refused('partners.noWithdrawable', undefined, 'amount');
    }
    if (withdrawable < threshold) {
      throw refused('partners.belowThreshold', { threshold: formatMoney(threshold) }, 'amount');
    }
    if (amount < minimum) {
      throw refused('partners.belowMinimum', { minimum: formatMoney(minimum) }, 'amount');
    }
    if (amount > withdrawable) {
      throw refused('partners.exceedsWithdrawable', { withdrawable: formatMoney(withdrawable) }, 'amount');
    }
  }

  /** Sets the payment account (joining the programme) and, with an amount, requests a withdrawal to it. */
  async function setAccountAndWithdraw(
    userId: UserId,
    payee: Payee,
    request: { amount?: Money | undefined; invoiceType: 'vatGeneral' | 'vatSpecial' },
  ) {
    await mustBeVerified(userId);
    const now = clock.now();
    return inTransaction(db, async (tx) => {
      await queries.joinPartners(tx, userId, now);
      const partner = (await queries.lockPartner(tx, userId))!;
      if (partner.revokedAt !== null) {
        throw refused('partners.revoked');
      }
      await queries.savePaymentAccount(tx, userId, { payee, at: now });
      const { amount, invoiceType } = request;
      if (amount === undefined) {
        return { withdrawalId: null };
      }
      checkAmount(amount, (await balances(tx, userId)).withdrawable);
      const orderNo = await wallet.newOrderNo(tx, 'W', now);
      const fee = feeOf(amount, invoiceType);
      if (!(await wallet.holdWithdrawal(tx, { userId, amount, orderNo }))) {
        throw refused('partners.noWithdrawable', undefined, 'amount');
      }
      const id = await queries.insertWithdrawal(tx, userId, { orderNo, amount, fee, invoiceType, payee, at: now });
      return { withdrawalId: String(id) };
    });
  }

  return {
    /** The KOL and creator pages are for real-name verified users only (spec §2 isAuth, §6). */
    requireVerified: mustBeVerified,

    insertPersonWithdraw: (userId: UserId, body: PersonBody) =>
      setAccountAndWithdraw(
        userId,
        {
          kind: 'personal',
          name: body.name,
          idNumber: body.idNumber,
          alipayPhone: body.alipayPhone,
          companyName: null,
          cardNumber: null,
          openingBank: null,
        },
        body,
      ),

    insertCompanyWithdraw: (userId: UserId, body: CompanyBody) =>
      setAccountAndWithdraw(
        userId,
        {
          kind: 'company',
          name: null,
          idNumber: null,
          alipayPhone: null,
          companyName: body.companyName,
          cardNumber: body.cardNumber,
          openingBank: body.openingBank,
        },
        body,
      ),

    async promotionChannel(userId: UserId) {
      const [partner, verified, invitationCode] = await Promise.all([
        queries.findPartner(db, userId),
        realName.isVerified(userId),
        users.findInvitationCode(db, userId),
      ]);
      const code = invitationCode ?? '';
      return {
        status:
          partner === null
            ? ('none' as const)
            : partner.revokedAt === null
              ? ('active' as const)
              : ('revoked' as const),
        verified,
        invitationCode: code,
        linkPath: `/?invitationCode=${encodeURIComponent(code)}`,
        incomeRatio: percentOf(partner?.kolRatioBasisPoints ?? 1000),
      };
    },

    async amounts(userId: UserId) {
      await mustBeVerified(userId);
      const { earnings, held, inReview, withdrawable } = await balances(db, userId);
      const { minimum, threshold, feeBasisPoints } = WITHDRAWAL_RULES;
      return {
        earnings: formatMoney(earnings),
        withdrawable: formatMoney(withdrawable),
        inReview: formatMoney(earnings > inReview ? inReview : earnings),
        held: formatMoney(held),
        minimum: formatMoney(minimum),
        threshold: formatMoney(threshold),
        feeRates: {
          vatGeneral: percentOf(feeBasisPoints.vatGeneral),
          vatSpecial: percentOf(feeBasisPoints.vatSpecial),
        },
      };
    },

    async paymentAccount(userId: UserId) {
      const [account, partner] = await Promise.all([
        queries.findPaymentAccount(db, userId),
        queries.findPartner(db, userId),
      ]);
      if (!account || !partner) {
        return null;
      }
      return {
        kind: account.kind,
        name: account.name,
        idNumber: account.idNumber,
        alipayPhone: account.alipayPhone,
        companyName: account.companyName,
        cardNumber: account.cardNumber,
        openingBank: account.openingBank,
        agreedAt: partner.agreedAt.toISOString(),
      };
    },

    async listWithdrawals(userId: UserId, page: PageQuery) {
      const result = await paged(page, queries.withdrawalPage(db, userId));
      return { total: result.total, rows: result.rows.map(withdrawalRow) };
    },

    /** Development tools: what the partner earned so far becomes withdrawable now, as the 8th of next month makes it. */
    async closeReview(account: string) {
      const user = await users.findUserByAccount(db, account);
      if (!user) {
        throw new AppError('notFound', { field: 'account' });
      }
      await queries.backdateCredits(db, user.id, reviewedBefore(clock.now(), timeZone));
      return { userId: String(user.id) };
    },

    /** The business month asked for, or the current one. */
    monthOrNow: (month: string | undefined) => month ?? monthOf(clock.now(), timeZone),
  };
}

export type PartnersService = ReturnType<typeof partnersService>;
