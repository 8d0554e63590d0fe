import {
  formatMoney,
  isWholeFen,
  money,
  type EndpointData,
  type EndpointInput,
  type Money,
  type PageQuery,
  type TransactionType,
  type wallet,
} from '@suanli/contract';
import type { Db, Tx } from '../../db/client.js';
import type { UserId } from '../../db/ids.js';
import { paged } from '../../db/paging.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../http/app-error.js';
import { localDay, localDayRange } from '../../jobs/business-time.js';
import type { Clock } from '../../jobs/clock.js';
import type { UsersService } from '../users/index.js';
import { chargeService, insufficient, kindsFor } from './charge.service.js';
import { earningsService } from './earnings.service.js';
import { publishConsumption } from './consumption.js';
import { chartRange, fillPeriods } from './income-expense-periods.js';
import {
  findBalance,
  ledgerPage,
  postEntries,
  sumLedgerByPeriod,
  type LedgerFilter,
  type Posting,
} from './ledger.queries.js';
import { orderLinesByDay } from './order-lines.queries.js';
import { rechargedTotal } from './recharged.queries.js';
import { newOrderNo, type OrderKind } from './order-numbers.js';
import { refundService } from './refund.service.js';
import { settleService, type PointsPurse } from './settle.service.js';
import { usableTotal } from './vouchers.queries.js';
import { vouchersService } from './vouchers.service.js';

type LedgerQuery = EndpointInput<typeof wallet.listLedger>['query'];
type LedgerRow = EndpointData<typeof wallet.listLedger>['rows'][number];
type SummaryQuery = EndpointInput<typeof wallet.getIncomeExpenseSummary>['query'];

/** Every posting is whole fen (ARCHITECTURE §4): a statement of them foots at the two decimals it shows. */
function mustBeWholeFen(posting: Posting) {
  if (!isWholeFen(posting.amount) || !isWholeFen(posting.balanceChange ?? posting.amount)) {
    throw new RangeError(`a posting must be whole fen, got ${posting.amount} for ${posting.orderNo}`);
  }
}

/** Shows a nickname to someone confirming a transfer without giving it away: 张*三, 用***3. */
export function maskNickName(nickName: string): string {
  const characters = [...nickName];
  if (characters.length <= 1) {
    return '*';
  }
  if (characters.length === 2) {
    return `${characters[0]}*`;
  }
  const hidden = Math.min(characters.length - 2, 3);
  return `${characters[0]}${'*'.repeat(hidden)}${characters.at(-1)}`;
}

/** Dates in filters are whole business days (TZ_BUSINESS). */
function filterOf(
  query: Pick<LedgerQuery, 'direction' | 'transactionType' | 'startDate' | 'endDate'> & {
    orderNo?: string | undefined;
  },
  timeZone: string,
): LedgerFilter {
  const { direction, transactionType, orderNo } = query;
  return { direction, transactionType, orderNo, ...localDayRange(query, timeZone) };
}

interface WalletDependencies {
  db: Db;
  clock: Clock;
  /** TZ_BUSINESS: the zone dates are read in. */
  timeZone: string;
  users: Pick<UsersService, 'findUserByAccount'>;
  /** What pays the products metered in power points (settle.service.ts). */
  points: PointsPurse;
}

/**
 * Balances, the ledger, transfers and vouchers; every other module moves money through `post`, and charges a user
 * through `charge` (vouchers first, then the balance).
 */
export function walletService({ db, clock, timeZone, users, points }: WalletDependencies) {
  /**
   * Applies postings, in the caller's transaction when given one; refuses (422) any that would take a wallet below
   * zero, and then nothing of the call stays. One posting on its own needs no transaction: it is one statement, which
   * commits or not as a whole, so a lone charge costs one round trip. Several are applied in one transaction.
   */
  async function post(executor: Db, postings: readonly Posting[]): Promise<Money[]> {
    postings.forEach(mustBeWholeFen);
    const apply = async (db: Db) => {
      const balances = await postEntries(db, postings, clock.now());
      if (!balances) {
        throw insufficient();
      }
      return balances;
    };
    return postings.length === 1 ? apply(executor) : inTransaction(executor, apply);
  }

  async function findRecipient(payerId: UserId, username: string) {
    const recipient = await users.findUserByAccount(db, username);
    if (!recipient) {
      throw new AppError('notFound', { messageKey: 'wallet.transferTargetNotFound', field: 'username' });
    }
    if (recipient.id === payerId) {
      throw new AppError('businessRule', { messageKey: 'wallet.transferToSelf', field: 'username' });
    }
    return recipient;
  }

  const charges = chargeService({ clock });

  /**
   * What a charge of this type could take now: the balance and the usable vouchers of the kinds that pay it. Joins
   * the caller's transaction; the settle service asks it what the funds cover.
   */
  async function spendable(executor: Db, userId: UserId, transactionType: TransactionType): Promise<Money> {
    const now = clock.now();
    let total = await findBalance(executor, userId);
    for (const kind of kindsFor(transactionType)) {
      total = money(total + (await usableTotal(executor, { userId, kind, now })));
    }
    return total;
  }

  return {
    post,
    ...charges,
    spendable,
    ...settleService({ ...charges, spendable, points }),
    ...vouchersService({ db, clock, users }),
    ...refundService({ clock }),
    ...earningsService({ clock }),
    /** Publishes what balances paid for charges as 'consumption.posted' events now, as the minute job does. */
    publishConsumption: (tx: Tx) => publishConsumption(tx, clock.now()),
    newOrderNo: (executor: Db, kind: OrderKind, at: Date) => newOrderNo(executor, { kind, at, timeZone }),
    /** What the user recharged through the payment channels, in the caller's transaction (what invoices may cover). */
    rechargedTotal: (executor: Db, userId: UserId) => rechargedTotal(executor, userId),

    /** The balance, and what the usable vouchers (kind voucher, which pay any charge) hold now. */
    async getBalance(userId: UserId) {
      const [balance, voucher] = await Promise.all([
        findBalance(db, userId),
        usableTotal(db, { userId, kind: 'voucher', now: clock.now() }),
      ]);
      return { balance: formatMoney(balance), voucher: formatMoney(voucher) };
    },

    async findTransferTarget(userId: UserId, username: string) {
      const recipient = await findRecipient(userId, username);
      return { nickName: maskNickName(recipient.nickName) };
    },

    /** Both sides and both entries in one transaction, under the same order number. */
    async transfer(userId: UserId, { username, amount }: { username: string; amount: Money }) {
      const { id: recipientId } = await findRecipient(userId, username);
      const orderNo = await newOrderNo(db, { kind: 'T', at: clock.now(), timeZone });
      const [balance] = await post(db, [
        { userId, transactionType: 'transferOut', amount: money(-amount), orderNo },
        { userId: recipientId, transactionType: 'transferIn', amount, orderNo },
      ]);
      return { orderNo, balance: formatMoney(balance!) };
    },

    async listLedger(userId: UserId, query: LedgerQuery & PageQuery) {
      const page = await paged(query, ledgerPage(db, userId, filterOf(query, timeZone)));
      return {
        total: page.total,
        rows: page.rows.map((entry): LedgerRow => ({
          entryId: String(entry.id),
          orderNo: entry.orderNo,
          createTime: entry.createdAt.toISOString(),
          direction: entry.amount > 0n ? 'income' : 'expense',
          transactionType: entry.transactionType,
          amount: formatMoney(money(entry.amount < 0n ? -entry.amount : entry.amount)),
          actualAmount: formatMoney(money(entry.balanceChange < 0n ? -entry.balanceChange : entry.balanceChange)),
          balance: formatMoney(entry.balanceAfter),
        })),
      };
    },

    /** The bill lines of the user's orders: each order's charges per business day (TZ_BUSINESS). */
    orderLines: (userId: UserId, orderNos: readonly string[]) => orderLinesByDay(db, userId, { orderNos, timeZone }),

    /** The chart of the income/expense page: the ledger's filters, summed per business day or month. */
    async incomeExpenseSummary(userId: UserId, query: SummaryQuery) {
      const { granularity } = query;
      const range = chartRange(query, localDay(clock.now(), timeZone));
      const filter = filterOf({ ...query, ...range }, timeZone);
      const sums = await sumLedgerByPeriod(db, userId, { ...filter, granularity, timeZone });
      return { granularity, ...range, buckets: fillPeriods(range, granularity, sums) };
    },
  };
}

export type WalletService = ReturnType<typeof walletService>;
