import { randomInt } from 'node:crypto';
import { formatMoney, money, type Money } from '@suanli/contract';
import type { Db } from '../../db/client.js';
import type { UserId } from '../../db/ids.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../http/app-error.js';
import type { Audit } from '../../http/operator-audit.js';
import { startOfLocalDay } from '../../jobs/business-time.js';
import type { Clock } from '../../jobs/clock.js';
import type { WalletService } from '../wallet/index.js';
import { insertBatch, takeCode } from './redeem.queries.js';

// No 0/O or 1/I/L: a code is read off a card or a screen and typed by hand.
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const GROUPS = 4;
const GROUP_LENGTH = 4;
const DAY_MS = 24 * 60 * 60_000;

/** XXXX-XXXX-XXXX-XXXX: 16 characters of 31, about 79 bits, far beyond guessing at ten tries a minute. */
function newCode(): string {
  return Array.from({ length: GROUPS }, () =>
    Array.from({ length: GROUP_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join(''),
  ).join('-');
}

/** What a person typed, as codes are stored: upper case, dashes where the groups meet, spaces dropped. */
export function normalizeCode(typed: string): string {
  const bare = typed.toUpperCase().replace(/[\s-]/g, '');
  return bare.match(new RegExp(`.{1,${GROUP_LENGTH}}`, 'g'))?.join('-') ?? '';
}

interface RedeemDependencies {
  db: Db;
  clock: Clock;
  timeZone: string;
  wallet: Pick<WalletService, 'post' | 'newOrderNo'>;
}

/** Redeem codes: batches made by operators, each code credited once to whoever redeems it first. */
export function redeemService({ db, clock, timeZone, wallet }: RedeemDependencies) {
  return {
    /** The code is taken and its amount credited in one transaction: a failed credit leaves the code unused. */
    async redeem(userId: UserId, typed: string) {
      const at = clock.now();
      const code = normalizeCode(typed);
      return inTransaction(db, async (tx) => {
        const amount = await takeCode(tx, { code, userId, at });
        if (amount === null) {
          throw new AppError('businessRule', { messageKey: 'wallet.redeemInvalid', field: 'code' });
        }
        const orderNo = await wallet.newOrderNo(tx, 'D', at);
        const [balance] = await wallet.post(tx, [
          { userId, transactionType: 'redeem', amount: money(amount), orderNo },
        ]);
        return { amount: formatMoney(money(amount)), balance: formatMoney(balance!) };
      });
    },

    async createBatch(
      operatorId: UserId,
      audit: Audit,
      batch: { name: string; amount: Money; count: number; lastDay?: string | undefined },
    ) {
      const codes = [...new Set(Array.from({ length: batch.count }, newCode))];
      const expiresAt = batch.lastDay ? new Date(startOfLocalDay(batch.lastDay, timeZone).getTime() + DAY_MS) : null;
      const batchId = await inTransaction(db, async (tx) => {
        const id = await insertBatch(tx, { ...batch, expiresAt, createdBy: operatorId, at: clock.now(), codes });
        // The codes themselves stay out of the log: each is money to whoever reads it.
        await audit(tx, {
          action: 'redeem.createBatch',
          target: `redeem-batch:${id}`,
          before: null,
          after: {
            name: batch.name,
            amount: formatMoney(batch.amount),
            count: codes.length,
            expiresAt: expiresAt?.toISOString() ?? null,
          },
        });
        return id;
      });
      return { batchId: String(batchId), codes };
    },
  };
}

export type RedeemService = ReturnType<typeof redeemService>;
