import { money, STORAGE } from '@suanli/contract';
import { or, gt, isNotNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { recordEvent } from '../../events/index.js';
import { defineBatchJob } from '../../jobs/batch-job.js';
import { localDay, startOfLocalDay } from '../../jobs/business-time.js';
import type { UsersService } from '../users/index.js';
import type { WalletService } from '../wallet/index.js';
import * as queries from './cloud-space.queries.js';
import type { UsageRow } from './cloud-space.queries.js';
import { FREE_BYTES, GB, type CloudSpaceService } from './cloud-space.service.js';
import { cloudUsage } from './cloud-space.tables.js';

const DAY_MS = 24 * 60 * 60_000;
/** How long a wipe notice comes before the wipe: a week to recharge or log in. */
export const WIPE_NOTICE_DAYS = 7;

export interface CloudBillingDependencies {
  wallet: Pick<WalletService, 'settle'>;
  users: Pick<UsersService, 'findLastActiveAt'>;
  cloudSpace: Pick<CloudSpaceService, 'wipe'>;
  timeZone: string;
}

/** `months` calendar months before `date`. */
function monthsBefore(date: Date, months: number) {
  const before = new Date(date);
  before.setUTCMonth(before.getUTCMonth() - months);
  return before;
}

/**
 * Cloud-space storage (spec §9): at 0:00 business time each day, the day just ended is charged for its peak beyond
 * the free 120 GB at 0.01 yuan a GB (whole GB, rounded up), with any arrears, through the wallet's settle (decision
 * 0024); what the wallet cannot pay is owed. Arrears above 50 yuan, or three months without login, schedule a wipe a
 * week ahead with a notice naming its day; the wipe happens at the first settlement on or after that day unless the
 * arrears were paid (a recharge is drawn on at every settlement) or the user logged in since. Every wipe is logged.
 */
export function cloudBilling({ wallet, users, cloudSpace, timeZone }: CloudBillingDependencies) {
  /** The most the user stored on `day`: its row, else the usage it kept until the next change, else today's. */
  async function peakOf(tx: Tx, usage: UsageRow, day: string) {
    const row = await queries.findDays(tx, usage.userId, day);
    if (!row) {
      return usage.usedBytes;
    }
    return row.day === day ? row.peakBytes : row.startBytes;
  }

  async function charge(tx: Tx, usage: UsageRow, { day, now }: { day: string; now: Date }) {
    const extraGb = Math.ceil(Math.max(0, (await peakOf(tx, usage, day)) - FREE_BYTES) / GB);
    if (extraGb === 0 && usage.arrearsUnits === 0n) {
      return usage.arrearsUnits;
    }
    const [settled] = await wallet.settle(tx, [
      {
        userId: usage.userId,
        product: 'cloudSpace',
        unit: 'gbDay',
        quantity: extraGb,
        rate: { price: money(STORAGE.extraPerGbDayUnits), per: 1 },
        billed: 0,
        period: { from: new Date(now.getTime() - DAY_MS), to: now },
        orderNo: `CS${usage.userId}-${day.replaceAll('-', '')}`,
        shortfall: 'owe',
        owed: usage.arrearsUnits,
      },
    ]);
    return settled!.owed;
  }

  /** Why the user's data is to go, if it is: arrears first, then inactivity. */
  async function wipeReasonOf(tx: Tx, usage: UsageRow, { owed, now }: { owed: bigint; now: Date }) {
    if (owed > STORAGE.wipeArrearsUnits) {
      return 'arrears' as const;
    }
    const lastActive = await users.findLastActiveAt(tx, usage.userId);
    const inactive = lastActive !== null && lastActive <= monthsBefore(now, STORAGE.wipeAfterInactiveMonths);
    return inactive && usage.usedBytes > 0 ? ('inactive' as const) : null;
  }

  async function settle(tx: Tx, usage: UsageRow, { period, now }: { period: string; now: Date }) {
    const current = await queries.lockUsage(tx, usage.userId);
    // The period is the business day that begins at this 0:00; the day charged is the one that ended there.
    const day = localDay(new Date(startOfLocalDay(period, timeZone).getTime() - 60 * 60_000), timeZone);
    const owed = money(await charge(tx, current, { day, now }));
    await queries.deleteDaysBefore(tx, current.userId, day);
    const reason = await wipeReasonOf(tx, current, { owed, now });
    const userId = String(current.userId);
    if (reason === null) {
      await queries.updateUsage(tx, current.userId, { arrearsUnits: owed, wipeReason: null, wipeAt: null });
      return;
    }
    if (current.wipeReason !== reason || current.wipeAt === null) {
      const wipeDay = localDay(new Date(now.getTime() + WIPE_NOTICE_DAYS * DAY_MS), timeZone);
      const wipeAt = startOfLocalDay(wipeDay, timeZone);
      await queries.updateUsage(tx, current.userId, { arrearsUnits: owed, wipeReason: reason, wipeAt });
      await recordEvent(tx, {
        type: 'cloudSpace.wipeScheduled',
        subject: `cloudSpace:${userId}`,
        payload: { userId, reason, wipeDay, arrears: String(owed) },
        at: now,
      });
      return;
    }
    if (now < current.wipeAt) {
      await queries.updateUsage(tx, current.userId, { arrearsUnits: owed });
      return;
    }
    const bytes = await cloudSpace.wipe(tx, current.userId);
    await queries.updateUsage(tx, current.userId, { arrearsUnits: owed, wipeReason: null, wipeAt: null });
    await queries.insertWipe(tx, current.userId, { reason, bytes, wipedAt: now });
    await recordEvent(tx, {
      type: 'cloudSpace.wiped',
      subject: `cloudSpace:${userId}`,
      payload: { userId, reason, bytes: String(bytes) },
      at: now,
    });
  }

  return {
    job: defineBatchJob({
      name: 'files.settle-cloud-space',
      cadence: 'day',
      catchUp: 7,
      table: cloudUsage,
      where: () =>
        or(gt(cloudUsage.usedBytes, 0), gt(cloudUsage.arrearsUnits, money(0n)), isNotNull(cloudUsage.wipeAt)),
      apply: (tx, { row }, context) => settle(tx, row, context),
    }),
  };
}
