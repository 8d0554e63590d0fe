import { money, type Money, type TransactionType, type VoucherKind } from '@suanli/contract';
import type { Db } from '../../db/client.js';
import type { UserId } from '../../db/ids.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../http/app-error.js';
import type { Clock } from '../../jobs/clock.js';
import type { UsersService } from '../users/index.js';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/sql.js';
import { lockBalance, postEntries, postedBalance, postingStatement } from './ledger.queries.js';
import { insertSpends, lockUsableVouchers, spendVoucher, usableVoucherProbe } from './vouchers.queries.js';

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
const kindsFor = (transactionType: TransactionType): VoucherKind[] =>
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
  users: Pick<UsersService, 'recordConsumption' | 'consumptionUpdate'>;
}

/**
 * The one way a module charges a user (ARCHITECTURE §4, §9): usable vouchers first, earliest expiry first, then the
 * balance; one ledger entry whose balance change is what the balance paid; VIP growth from the balance part.
 */
export function chargeService({ clock, users }: ChargeDependencies) {
  /**
   * Everything is locked and checked before anything is written (the vouchers, then the wallet, the order every charge
   * takes them in), so a refusal (422 wallet.insufficientBalance) changes nothing, even inside a caller's transaction
   * that goes on. It joins the caller's Tx. Charging the same order twice is the caller's to prevent (claimOnce).
   */
  async function chargeWithVouchers(executor: Db, request: ChargeRequest, kinds: VoucherKind[]) {
    return inTransaction(executor, async (tx) => {
      const now = clock.now();
      const { userId, amount, orderNo, transactionType } = request;
      const usable = await lockUsableVouchers(tx, { userId, kinds, now });
      const { takes, voucherPaid } = allocate(usable, amount);
      const balancePaid = money(amount - voucherPaid);
      if ((await lockBalance(tx, userId)) < balancePaid) {
        throw insufficient();
      }
      for (const take of takes) {
        await spendVoucher(tx, { id: take.voucherId, amount: take.amount });
      }
      await insertSpends(
        tx,
        takes.map((take) => ({ ...take, userId, orderNo, createdAt: now })),
      );
      const posting = { userId, transactionType, amount: money(-amount), balanceChange: money(-balancePaid), orderNo };
      // Never null: the wallet is locked and holds enough.
      const [balance] = (await postEntries(tx, [posting], now))!;
      if (balancePaid > 0n) {
        await users.recordConsumption(tx, userId, balancePaid);
      }
      return { voucherPaid, balancePaid, balance: balance! };
    });
  }

  /**
   * The common case, a user with no voucher to spend, in one statement and one round trip: it looks for a usable
   * voucher, moves the wallet only when there is none (and it holds enough), writes the entry and counts the growth.
   * Answers null when a voucher turned up, for the path that spends it.
   */
  async function chargeBalance(executor: Db, request: ChargeRequest, kinds: VoucherKind[]) {
    const { userId, amount } = request;
    const now = clock.now();
    const probe = kinds.length > 0 ? usableVoucherProbe({ userId, kinds, now }) : null;
    const posting = { ...request, amount: money(-amount), change: money(-amount) };
    const [row] = await queryRows<{ balance_after: bigint | string | null; vouchers: boolean }>(
      executor,
      postingStatement(posting, now, {
        ...(probe ? { before: sql`usable AS (${probe})`, guard: sql`NOT EXISTS (SELECT 1 FROM usable)` } : {}),
        after: sql`grown AS (${users.consumptionUpdate(sql`SELECT user_id FROM changed`, amount)})`,
        answer: probe ? sql`EXISTS (SELECT 1 FROM usable) AS vouchers` : sql`false AS vouchers`,
      }),
    );
    if (row?.vouchers) {
      return null;
    }
    const balance = postedBalance(row);
    if (balance === null) {
      throw insufficient();
    }
    return { voucherPaid: money(0n), balancePaid: amount, balance };
  }

  /**
   * Everything is locked and checked before anything is written (the vouchers, then the wallet, the order every charge
   * takes them in), so a refusal (422 wallet.insufficientBalance) changes nothing, even inside a caller's transaction
   * that goes on. It joins the caller's Tx. Charging the same order twice is the caller's to prevent (claimOnce).
   */
  return async function charge(executor: Db, request: ChargeRequest): Promise<ChargeResult> {
    if (request.amount <= 0n) {
      throw new RangeError(`a charge must be positive, got ${request.amount} for ${request.orderNo}`);
    }
    const kinds = request.vouchers === false ? [] : kindsFor(request.transactionType);
    return (await chargeBalance(executor, request, kinds)) ?? chargeWithVouchers(executor, request, kinds);
  };
}

const insufficient = () => new AppError('businessRule', { messageKey: 'wallet.insufficientBalance', field: 'amount' });
