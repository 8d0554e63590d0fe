import { isWholeFen, money, type Money, type TransactionType, type VoucherKind } from '@suanli/contract';
import type { Db, Tx } from '../../db/client.js';
import type { UserId } from '../../db/ids.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../http/app-error.js';
import type { Clock } from '../../jobs/clock.js';
import { sql } from 'drizzle-orm';
import { queryPrepared } from '../../db/sql.js';
import { lockWallets, postBatch, type BatchEntry } from './batch-charge.queries.js';
import { chargedTo } from './accounts.js';
import { ensureAccount, lockBalance, postedBalance, postingStatement } from './ledger.queries.js';
import { insertSpends, lockUsableVouchers, spendVoucher, voucherHorizon } from './vouchers.queries.js';

export interface ChargeRequest {
  userId: UserId;
  /** What the charge costs, positive. */
  amount: Money;
  transactionType: TransactionType;
  /** The order the charge pays; its bill reads what vouchers paid of it by this number. */
  orderNo: string;
  /** Whether usable vouchers pay first (default true). */
  vouchers?: boolean;
}

export interface ChargeResult {
  voucherPaid: Money;
  balancePaid: Money;
  /** The balance after the charge. */
  balance: Money;
}

/** Coupons pay only GPU application orders; vouchers pay any charge (spec §1, §9). */
export const kindsFor = (transactionType: TransactionType): VoucherKind[] =>
  transactionType === 'appOrder' ? ['voucher', 'coupon'] : ['voucher'];

/** Takes the amount from the vouchers in the order given, each as far as it goes. */
function allocate(usable: { id: bigint; balance: Money }[], amount: Money) {
  const takes: { voucherId: bigint; amount: Money }[] = [];
  let left = amount;
  for (const voucher of usable) {
    if (left === 0n) {
      break;
    }
    const take = money(voucher.balance < left ? voucher.balance : left);
    takes.push({ voucherId: voucher.id, amount: take });
    left = money(left - take);
  }
  return { takes, voucherPaid: money(amount - left) };
}

interface ChargeDependencies {
  clock: Clock;
}

/**
 * The one way a module charges a user (ARCHITECTURE §4, §9): usable vouchers first, earliest expiry first, then the
 * balance; one transfer from the user's accounts to the product's revenue; what the balance paid is counted on the
 * balance account and published for VIP growth each minute (consumption.ts).
 */
export function chargeService({ clock }: ChargeDependencies) {
  /**
   * Posts the charge's transfer in one statement that also counts what the balance paid towards VIP growth
   * (consumption.ts publishes it). `fast` makes it move the balance only when no voucher may be waiting; after vouchers
   * were spent (not fast) it recomputes the voucher horizon instead.
   */
  async function postCharge(executor: Db, request: ChargeRequest, paid: { balance: Money; now: Date; fast: boolean }) {
    const { userId, amount, transactionType, orderNo } = request;
    const posting = { userId, transactionType, orderNo, amount: money(-amount), change: money(-paid.balance) };
    // Three shapes of the statement, each prepared under its own name (queryPrepared).
    const guarded = paid.fast && request.vouchers !== false;
    const name = paid.fast
      ? guarded
        ? 'wallet_charge_unless_vouchers'
        : 'wallet_charge_balance'
      : `wallet_charge_after_vouchers${paid.balance === amount ? '' : '_v'}`;
    const [row] = await queryPrepared<{ balance_after: string | null }>(
      executor,
      name,
      postingStatement(posting, paid.now, {
        set: paid.fast
          ? sql`unpublished_consumption = unpublished_consumption + ${paid.balance}`
          : sql`unpublished_consumption = unpublished_consumption + ${paid.balance},
                vouchers_until = (${voucherHorizon(userId)})`,
        guard: guarded ? sql`coalesce(vouchers_until <= ${paid.now}, true)` : undefined,
      }),
    );
    return postedBalance(row);
  }

  async function chargeWithVouchers(executor: Db, request: ChargeRequest) {
    return inTransaction(executor, async (tx) => {
      const now = clock.now();
      const { userId, amount, orderNo, transactionType } = request;
      const kinds = request.vouchers === false ? [] : kindsFor(transactionType);
      const usable = kinds.length > 0 ? await lockUsableVouchers(tx, { userId, kinds, now }) : [];
      const { takes, voucherPaid } = allocate(usable, amount);
      const balancePaid = money(amount - voucherPaid);
      if ((await lockBalance(tx, userId)) < balancePaid) {
        throw insufficient();
      }
      for (const take of takes) {
        await spendVoucher(tx, { id: take.voucherId, amount: take.amount });
      }
      if (voucherPaid > 0n) {
        await ensureAccount(tx, userId, 'vouchers');
      }
      await insertSpends(
        tx,
        takes.map((take) => ({ ...take, userId, orderNo, createdAt: now })),
      );
      // Never null: the wallet is locked and holds enough.
      const balance = (await postCharge(tx, request, { balance: balancePaid, now, fast: false }))!;
      return { voucherPaid, balancePaid, balance };
    });
  }

  /**
   * The common case, in one statement and one round trip: no voucher may be waiting (the wallet row says so) and the
   * balance covers it. Answers null otherwise, for the path that locks, looks and spends.
   */
  async function chargeBalance(executor: Db, request: ChargeRequest): Promise<ChargeResult | null> {
    const balance = await postCharge(executor, request, { balance: request.amount, now: clock.now(), fast: true });
    return balance === null ? null : { voucherPaid: money(0n), balancePaid: request.amount, balance };
  }

  /**
   * One statement when it can (chargeBalance); otherwise everything is locked and checked before anything is written
   * (the vouchers, then the wallet, the order every charge takes them in). Either way a refusal (422
   * wallet.insufficientBalance) changes nothing, even inside a caller's transaction that goes on. It joins the caller's
   * Tx. Charging the same order twice is the caller's to prevent (claimOnce).
   */
  async function charge(executor: Db, request: ChargeRequest): Promise<ChargeResult> {
    mustBeWholeFen(request);
    return (await chargeBalance(executor, request)) ?? chargeWithVouchers(executor, request);
  }

  /**
   * A batch's charges (a billing tick's chunk) in a few statements whatever their number, for every user whose charges
   * `charge` would post in its one-statement path: no voucher may be waiting, and the balance covers all of that
   * user's charges. Each charge is one ledger entry, written in the order given. Answers those users' balances after;
   * the other users' charges are not posted, for the caller to take one by one through `charge`. In the caller's
   * transaction, which must also prevent charging an order twice.
   */
  async function chargeMany(tx: Tx, requests: readonly ChargeRequest[]): Promise<Map<UserId, Money>> {
    requests.forEach(mustBeWholeFen);
    const now = clock.now();
    const byUser = new Map<UserId, ChargeRequest[]>();
    for (const request of requests) {
      const charges = byUser.get(request.userId);
      if (charges) {
        charges.push(request);
      } else {
        byUser.set(request.userId, [request]);
      }
    }
    const balances = new Map<UserId, Money>();
    const entries: BatchEntry[] = [];
    const userIds = [...byUser.keys()];
    for (const wallet of await lockWallets(tx, userIds, now)) {
      const charges = byUser.get(wallet.userId)!;
      const total = charges.reduce((sum, each) => sum + each.amount, 0n);
      const vouchersWaiting =
        wallet.vouchersUntil !== null && wallet.vouchersUntil > now && charges.some((each) => each.vouchers !== false);
      if (vouchersWaiting || wallet.balance < total) {
        continue;
      }
      let balance = wallet.balance;
      for (const each of charges) {
        balance = money(balance - each.amount);
        entries.push({ ...each, walletId: wallet.id, balanceAfter: balance });
      }
      balances.set(wallet.userId, balance);
    }
    if (entries.length > 0) {
      await postBatch(tx, entries, now);
    }
    return balances;
  }

  return { charge, chargeMany };
}

/**
 * A charge is positive and whole fen, as every posting is (ARCHITECTURE §4), so that every statement foots; and it
 * pays a platform account (accounts.ts), so that its transfer sums to zero.
 */
function mustBeWholeFen(request: ChargeRequest) {
  if (request.amount <= 0n || !isWholeFen(request.amount)) {
    throw new RangeError(`a charge must be a positive whole fen, got ${request.amount} for ${request.orderNo}`);
  }
  chargedTo(request.transactionType, request.orderNo);
}

const INSUFFICIENT = 'wallet.insufficientBalance';

export const insufficient = () => new AppError('businessRule', { messageKey: INSUFFICIENT, field: 'amount' });

/** Whether a charge or posting was refused for want of money (the caller turns it into a state, not a failure). */
export const isInsufficientBalance = (error: unknown) =>
  error instanceof AppError && error.options.messageKey === INSUFFICIENT;
