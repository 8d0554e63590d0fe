import { costInFen, money, POWER_POINTS, UNITS_PER_YUAN, type Money, type TransactionType } from '@suanli/contract';
import type { Db, Tx } from '../../db/client.js';
import type { UserId } from '../../db/ids.js';
import { recordEvent } from '../../events/index.js';
import { findWarningLevels, setWarningLevel } from './balance-warnings.queries.js';
import type { WarningLevel } from './balance-warnings.tables.js';
import { isInsufficientBalance, type ChargeRequest, type ChargeResult } from './charge.service.js';

/**
 * What the platform meters, in which unit, the transaction type its charges post as (the ledger books that type to
 * the product's revenue), and what pays it: the balance (vouchers first), or power points (spec §9: usable only for
 * API pay-per-use; decision 0032), which are not money and never enter the ledger (decision 0014).
 */
export const METERED = {
  gpuTime: { unit: 'minute', transactionType: 'appOrder', paidIn: 'balance' },
  dataDisk: { unit: 'gbDay', transactionType: 'dataDiskExpansion', paidIn: 'balance' },
  cloudSpace: { unit: 'gbDay', transactionType: 'dataStorage', paidIn: 'balance' },
  imageStorage: { unit: 'gbDay', transactionType: 'mirrorStorage', paidIn: 'balance' },
  apiCalls: { unit: 'call', transactionType: 'onlineGeneration', paidIn: 'points' },
} as const satisfies Record<string, { unit: string; transactionType: TransactionType; paidIn: 'balance' | 'points' }>;

/** What one power point is worth: 100 a yuan (spec §9), one fen each, so a price rounded to the fen is whole points. */
export const POINT_VALUE = money(UNITS_PER_YUAN / BigInt(POWER_POINTS.perYuan));

/**
 * The power points of a user, as the power module keeps them in lots (decision 0014); the composition root hands the
 * wallet this, so that the wallet, below the power module, imports nothing of it.
 */
export interface PointsPurse {
  /** Locks the user's unexpired lots, in the one order every spender takes, and answers the points they hold. */
  lock(tx: Tx, userId: UserId): Promise<bigint>;
  /** Spends from the lots that expire soonest, once per reference; the caller holds their locks (`lock`). */
  spend(tx: Tx, usage: { userId: UserId; points: bigint; reference: string }): Promise<{ spent: boolean }>;
  /** Returns points of the spend `reference` that served nothing to the lots it drew them from, once. */
  refund(tx: Tx, usage: { userId: UserId; points: bigint; reference: string }): Promise<void>;
}

export type MeteredProduct = keyof typeof METERED;

/** A price for every `per` units: an hourly price is `{ price, per: 60 }` minutes, a price per GB-day `per: 1`. */
export interface Rate {
  price: Money;
  per: number;
}

/**
 * What the funds do not cover. `partial`: the most units they pay are billed, the rest stays unbilled and the caller
 * stops what used them. `owe`: all or nothing; what is not paid is owed, and the caller carries it into its next record.
 */
type Shortfall = { shortfall: 'partial' } | { shortfall: 'owe'; owed: Money };

type UsageOf<P extends MeteredProduct> = Shortfall & {
  userId: UserId;
  product: P;
  unit: (typeof METERED)[P]['unit'];
  /** Whole units used in `period`, to bill now. */
  quantity: number;
  rate: Rate;
  /** Units of the same order billed before at this rate: the fen's remainder carries across them. */
  billed: number;
  period: { from: Date; to: Date };
  /** The order the usage is charged to. */
  orderNo: string;
};

/** Who used how much of what, when, at which rate, for which order (decision 0024). */
export type UsageRecord = { [P in MeteredProduct]: UsageOf<P> }[MeteredProduct];

export interface Settlement {
  record: UsageRecord;
  /** The units paid: all of them, or for `partial` as many as the funds cover. */
  quantity: number;
  /** What was charged, arrears included. */
  amount: Money;
  /** What is owed after it (`owe`); 0 once paid. */
  owed: Money;
  /** Where the paid units end in the record's period. */
  paidUntil: Date;
  /** What the user can still spend on this product. */
  spendable: Money;
  /** Whether that pays one more unit at the record's rate. */
  nextUnitCovered: boolean;
}

/** What `quantity` more units cost after `billed` were billed, in whole fen, the remainder of the units before carrying. */
export const priceOf = (rate: Rate, billed: number, quantity: number) =>
  money(costInFen(rate.price, rate.per, billed + quantity) - costInFen(rate.price, rate.per, billed));

/** The most of the record's units that `spendable` pays for: their price only grows with their number. */
function affordable({ rate, billed, quantity }: UsageRecord, spendable: Money) {
  let [low, high] = [0, quantity];
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (priceOf(rate, billed, middle) <= spendable) {
      low = middle;
    } else {
      high = middle - 1;
    }
  }
  return low;
}

/** Which warning what the user can spend calls for, given what an hour of their running usage costs. */
function levelOf(spendable: Money, hourlyBurn: Money): WarningLevel | null {
  if (spendable * 6n < hourlyBurn) {
    return 'tenMinutes';
  }
  return spendable < hourlyBurn ? 'hour' : null;
}

/** What an hour of each user's running usage costs, from the module that runs it (the wallet imports none). */
export type HourlyBurns = (tx: Tx, userIds: readonly UserId[]) => Promise<Map<UserId, Money>>;

interface SettleDependencies {
  charge(executor: Db, request: ChargeRequest): Promise<ChargeResult>;
  chargeMany(tx: Tx, requests: readonly ChargeRequest[]): Promise<Map<UserId, Money>>;
  spendable(executor: Db, userId: UserId, transactionType: TransactionType): Promise<Money>;
  points: PointsPurse;
}

/**
 * The one metering path (decision 0024): usage records are priced, charged vouchers first, billed as far as the funds
 * go or owed, and their users warned when what they can spend runs low.
 */
export function settleService({ charge, chargeMany, spendable, points }: SettleDependencies) {
  const owedOf = (record: UsageRecord) => (record.shortfall === 'owe' ? record.owed : money(0n));
  const typeOf = (record: UsageRecord): TransactionType => METERED[record.product].transactionType;
  const inPoints = (record: UsageRecord) => METERED[record.product].paidIn === 'points';
  const request = (record: UsageRecord, amount: Money): ChargeRequest => ({
    userId: record.userId,
    amount,
    transactionType: typeOf(record),
    orderNo: record.orderNo,
  });

  function settled(record: UsageRecord, paid: { quantity: number; amount: Money; owed: Money; spendable: Money }) {
    const { from, to } = record.period;
    const share = record.quantity === 0 ? 0 : paid.quantity / record.quantity;
    const next = priceOf(record.rate, record.billed + paid.quantity, 1);
    return {
      record,
      ...paid,
      paidUntil: new Date(from.getTime() + Math.round((to.getTime() - from.getTime()) * share)),
      nextUnitCovered: paid.spendable >= next,
    };
  }

  /**
   * A record paid in power points: their lots locked first, so that what they hold is what can be spent, then as
   * far as they go by its shortfall rule; a price of whole fen is whole points (POINT_VALUE).
   */
  async function settleInPoints(tx: Tx, record: UsageRecord, amount: Money): Promise<Settlement> {
    const funds = money((await points.lock(tx, record.userId)) * POINT_VALUE);
    const covered = amount <= funds;
    if (!covered && record.shortfall === 'owe') {
      return settled(record, { quantity: 0, amount: money(0n), owed: amount, spendable: funds });
    }
    const quantity = covered ? record.quantity : affordable(record, funds);
    const paid = covered ? amount : priceOf(record.rate, record.billed, quantity);
    if (paid > 0n) {
      await points.spend(tx, { userId: record.userId, points: paid / POINT_VALUE, reference: record.orderNo });
    }
    return settled(record, { quantity, amount: paid, owed: money(0n), spendable: money(funds - paid) });
  }

  /** One record on its own: vouchers first, then as far as the funds go by its shortfall rule. */
  async function settleOne(tx: Tx, record: UsageRecord, amount: Money): Promise<Settlement> {
    if (inPoints(record)) {
      return settleInPoints(tx, record, amount);
    }
    try {
      if (amount > 0n) {
        await charge(tx, request(record, amount));
      }
      const left = await spendable(tx, record.userId, typeOf(record));
      return settled(record, { quantity: record.quantity, amount, owed: money(0n), spendable: left });
    } catch (error) {
      if (!isInsufficientBalance(error)) {
        throw error;
      }
    }
    const funds = await spendable(tx, record.userId, typeOf(record));
    if (record.shortfall === 'owe') {
      return settled(record, { quantity: 0, amount: money(0n), owed: amount, spendable: funds });
    }
    const quantity = affordable(record, funds);
    const part = priceOf(record.rate, record.billed, quantity);
    if (part > 0n) {
      await charge(tx, request(record, part));
    }
    return settled(record, { quantity, amount: part, owed: money(0n), spendable: money(funds - part) });
  }

  return {
    /**
     * Settles usage records in the caller's transaction, one settlement per record in their order. The charges of
     * users the wallet can post set-based (no voucher waiting, the balance pays all) go in a few statements whatever
     * their number (`chargeMany`); every other record is charged on its own. The caller records what was paid and
     * acts on what was not (stops, arrears); it must also prevent settling the same usage twice (claimOnce).
     */
    async settle(tx: Tx, records: readonly UsageRecord[]): Promise<Settlement[]> {
      const amounts = records.map((record) =>
        money(priceOf(record.rate, record.billed, record.quantity) + owedOf(record)),
      );
      // One record takes charge's one-statement path; a batch is worth chargeMany's few statements.
      const balances =
        records.length > 1
          ? await chargeMany(
              tx,
              records.flatMap((record, index) =>
                amounts[index]! > 0n && !inPoints(record) ? [request(record, amounts[index]!)] : [],
              ),
            )
          : new Map<UserId, Money>();
      const settlements: Settlement[] = [];
      for (const [index, record] of records.entries()) {
        const balance = inPoints(record) ? undefined : balances.get(record.userId);
        const amount = amounts[index]!;
        settlements.push(
          balance === undefined
            ? await settleOne(tx, record, amount)
            : settled(record, { quantity: record.quantity, amount, owed: money(0n), spendable: balance }),
        );
      }
      return settlements;
    },

    /**
     * Returns what `quantity` units of a prepaid record that served nothing cost, in the caller's transaction: for
     * products paid in power points (an API allowance's unused calls, decision 0034), to the lots the record's
     * spend drew them from. The caller returns each record's unused units once, and at the rate it was paid at.
     */
    async returnUnused(
      tx: Tx,
      {
        userId,
        product,
        quantity,
        rate,
        orderNo,
      }: Pick<UsageRecord, 'userId' | 'product' | 'quantity' | 'rate' | 'orderNo'>,
    ) {
      if (METERED[product].paidIn !== 'points') {
        throw new RangeError(`${product} is paid in balance: return it through the wallet's refund`);
      }
      await points.refund(tx, { userId, points: priceOf(rate, 0, quantity) / POINT_VALUE, reference: orderNo });
    },

    /**
     * Tells each user once when what they can spend falls below an hour, and again below ten minutes, of their running
     * usage together; rising above the hour again (a top-up) clears it for next time. `spendables` are the users whose
     * usage goes on, with what they can spend after their settlements.
     */
    async warnLow(
      tx: Tx,
      spendables: Map<UserId, Money>,
      { now, hourlyBurns }: { now: Date; hourlyBurns: HourlyBurns },
    ) {
      const users = [...spendables.keys()];
      if (users.length === 0) {
        return;
      }
      const [burns, warned] = [await hourlyBurns(tx, users), await findWarningLevels(tx, users)];
      for (const [userId, left] of spendables) {
        const level = levelOf(left, burns.get(userId) ?? money(0n));
        const before = warned.get(userId) ?? null;
        if (level === before || (level === 'hour' && before === 'tenMinutes')) {
          continue;
        }
        await setWarningLevel(tx, userId, { level, at: now });
        if (level !== null) {
          await recordEvent(tx, {
            type: 'balance.low',
            subject: `user:${userId}`,
            payload: { userId: String(userId), level, spendable: String(left) },
            at: now,
          });
        }
      }
    },
  };
}

export type SettleService = ReturnType<typeof settleService>;
