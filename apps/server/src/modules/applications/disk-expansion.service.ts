import { DISKS, formatMoney, money } from '@suanli/contract';
import type { Db } from '../../db/client.js';
import type { UserId } from '../../db/ids.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../http/app-error.js';
import * as queries from './applications.queries.js';
import type { Status } from './applications.tables.js';
import { lockOwn } from './own-application.js';

/** On its way to another status, as the console greys its actions meanwhile. */
const CHANGING: readonly Status[] = ['creating', 'starting', 'stopping', 'restarting'];

export interface DiskExpansionDependencies {
  db: Db;
  /** Grows the driver's disk to what the committed row says (reconciler.resize). */
  resize: (applicationId: bigint) => Promise<void>;
}

/**
 * Data-disk expansion of an existing application (spec §5, §9): the expansion only grows, within 10 to 150 GB. Nothing
 * is charged now: the daily 0:00 settlement (disk-settlement.ts) charges the whole day for the size held then, so the
 * first, partial day is billed in full at the new size.
 */
export function diskExpansionService({ db, resize }: DiskExpansionDependencies) {
  return {
    async expand(userId: UserId, body: { id: string; dataDiskGb: number }) {
      const row = await inTransaction(db, async (tx) => {
        const current = await lockOwn(tx, userId, body.id);
        if (body.dataDiskGb <= current.dataDiskGb) {
          throw new AppError('validation', {
            messageKey: 'applications.diskExpansion.notLarger',
            params: { current: current.dataDiskGb },
            field: 'dataDiskGb',
          });
        }
        if (CHANGING.includes(current.status)) {
          // A workload being created has no disk yet to grow, and its start may carry the size read before this.
          throw new AppError('businessRule', { messageKey: 'applications.diskExpansion.changing' });
        }
        if (current.diskArrearsUnits > 0n) {
          // As the wallet's refusals do: the console answers a refusal naming the amount with a way to recharge.
          throw new AppError('businessRule', {
            messageKey: 'applications.diskExpansion.arrears',
            params: { amount: formatMoney(current.diskArrearsUnits) },
            field: 'amount',
          });
        }
        return queries.updateApplication(tx, current.id, { dataDiskGb: body.dataDiskGb });
      });
      await resize(row.id);
      return {
        id: body.id,
        dataDiskGb: row.dataDiskGb,
        dailyPrice: formatMoney(money(DISKS.expansionPerGbDayUnits * BigInt(row.dataDiskGb))),
      };
    },
  };
}

export type DiskExpansionService = ReturnType<typeof diskExpansionService>;
