import { and, gt, ne } from 'drizzle-orm';
import { DISKS, money } from '@suanli/contract';
import type { Tx } from '../../db/client.js';
import { recordEvent } from '../../events/index.js';
import { defineBatchJob } from '../../jobs/batch-job.js';
import { isInsufficientBalance, type WalletService } from '../wallet/index.js';
import * as queries from './applications.queries.js';
import { applicationsTable as apps, type ApplicationRow } from './applications.tables.js';
import type { Billing } from './billing.js';

export interface DiskSettlementDependencies {
  wallet: Pick<WalletService, 'charge'>;
  billing: Pick<Billing, 'stopNow'>;
}

/**
 * Data-disk expansion (spec §9): every day at 0:00 business time, each application with an expanded data disk pays
 * 0.007 yuan a GB for the day, running or not, together with any arrears. What the wallet cannot pay is owed; above
 * 10 yuan the owner is told, and if it is still owed at the next settlement the application and its data are cleared.
 */
export function diskSettlement({ wallet, billing }: DiskSettlementDependencies) {
  async function settle(tx: Tx, row: ApplicationRow, now: Date) {
    const current = await queries.lockApplication(tx, row.id);
    if (!current || current.desiredState === 'destroyed' || current.dataDiskGb === 0) {
      return;
    }
    const due = money(DISKS.expansionPerGbDayUnits * BigInt(current.dataDiskGb) + current.diskArrearsUnits);
    try {
      await wallet.charge(tx, {
        userId: current.userId,
        amount: due,
        transactionType: 'dataDiskExpansion',
        orderNo: current.orderNo,
      });
      await queries.updateApplication(tx, current.id, {
        diskArrearsUnits: money(0n),
        diskArrearsNoticedAt: null,
        spentUnits: money(current.spentUnits + due),
      });
      return;
    } catch (error) {
      if (!isInsufficientBalance(error)) {
        throw error;
      }
    }
    const fact = {
      subject: `application:${current.id}`,
      payload: {
        userId: String(current.userId),
        applicationId: String(current.id),
        appName: current.appName,
        arrears: String(due),
      },
      at: now,
    };
    if (due <= DISKS.clearArrearsUnits) {
      await queries.updateApplication(tx, current.id, { diskArrearsUnits: due });
    } else if (current.diskArrearsNoticedAt === null) {
      await queries.updateApplication(tx, current.id, { diskArrearsUnits: due, diskArrearsNoticedAt: now });
      await recordEvent(tx, { type: 'disk.arrears', ...fact });
    } else {
      // Told at an earlier settlement and still unpaid: the reconciler removes the workload and its disk, once the
      // minutes it ran are billed as at any stop.
      const stopped = current.desiredState === 'running' ? await billing.stopNow(tx, current, { now }) : current;
      await queries.transition(tx, stopped, { desiredState: 'destroyed', diskArrearsUnits: due });
      await recordEvent(tx, { type: 'disk.cleared', ...fact });
    }
  }

  return {
    job: defineBatchJob({
      name: 'applications.settle-disks',
      cadence: 'day',
      catchUp: 7,
      table: apps,
      where: () => and(gt(apps.dataDiskGb, 0), ne(apps.desiredState, 'destroyed')),
      apply: (tx, { row }, { now }) => settle(tx, row, now),
    }),
  };
}

export type DiskSettlement = ReturnType<typeof diskSettlement>;
