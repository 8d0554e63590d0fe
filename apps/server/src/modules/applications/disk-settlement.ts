import { and, gt, ne } from 'drizzle-orm';
import { DISKS, money } from '@suanli/contract';
import type { Tx } from '../../db/client.js';
import { recordEvent } from '../../events/index.js';
import { defineBatchJob } from '../../jobs/batch-job.js';
import type { WalletService } from '../wallet/index.js';
import * as queries from './applications.queries.js';
import { applicationsTable as apps, type ApplicationRow } from './applications.tables.js';
import type { Billing } from './billing.js';

const DAY_MS = 24 * 60 * 60_000;

export interface DiskSettlementDependencies {
  wallet: Pick<WalletService, 'settle'>;
  billing: Pick<Billing, 'stopNow'>;
}

/**
 * Data-disk expansion (spec §9): every day at 0:00 business time, each application with an expanded data disk pays
 * 0.007 yuan a GB for the day, running or not, together with any arrears. What the wallet cannot pay is owed; above
 * 10 yuan the owner is told, and if it is still owed at the next settlement the application and its data are cleared.
 * The wallet's settle service charges the day and carries what is owed (decision 0024); this decides what follows.
 */
export function diskSettlement({ wallet, billing }: DiskSettlementDependencies) {
  async function settle(tx: Tx, row: ApplicationRow, now: Date) {
    const current = await queries.lockApplication(tx, row.id);
    if (!current || current.desiredState === 'destroyed' || current.dataDiskGb === 0) {
      return;
    }
    const [settled] = await wallet.settle(tx, [
      {
        userId: current.userId,
        product: 'dataDisk',
        unit: 'gbDay',
        quantity: current.dataDiskGb,
        rate: { price: money(DISKS.expansionPerGbDayUnits), per: 1 },
        billed: 0,
        period: { from: new Date(now.getTime() - DAY_MS), to: now },
        orderNo: current.orderNo,
        shortfall: 'owe',
        owed: current.diskArrearsUnits,
      },
    ]);
    const due = settled!.owed;
    if (due === 0n) {
      await queries.updateApplication(tx, current.id, {
        diskArrearsUnits: due,
        diskArrearsNoticedAt: null,
        spentUnits: money(current.spentUnits + settled!.amount),
      });
      return;
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
