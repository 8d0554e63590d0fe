import { randomBytes } from 'node:crypto';
import { money } from '@suanli/contract';
import type { Db } from '../../db/client.js';
import type { UserId } from '../../db/ids.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../http/app-error.js';
import type { Clock } from '../../jobs/clock.js';
import type { Platform } from '../../platform.js';
import { POINT_VALUE, type Rate, type WalletService } from '../wallet/index.js';
import * as queries from './api-open.queries.js';
import type { Caller } from './credentials.service.js';

interface CallsDependencies {
  db: Db;
  clock: Clock;
  log: Pick<Platform['log'], 'warn'>;
  wallet: Pick<WalletService, 'settle' | 'returnUnused'>;
  /** GATEWAY_POINTS_PER_CALL. */
  pointsPerCall: number;
  /** How long a user's allowance on this server may go unused before its rest is returned. */
  idleMs: number;
  /** How old a server's heartbeat must be for the others to return what its allowances had not used. */
  deadSeconds: number;
}

/** A call waiting for the purchase in flight: told the reference of the block that pays it, or why none does. */
interface Waiting {
  paid(orderNo: string): void;
  refused(error: unknown): void;
}

/** Calls bought in one payment: `used` of them served, `saved` as of the last checkpoint. */
interface Block {
  id: bigint;
  orderNo: string;
  calls: number;
  used: number;
  saved: number;
}

/** What this server holds for one user: the blocks bought, the calls waiting for the next, and the recent rate. */
interface Allowance {
  blocks: Block[];
  waiting: Waiting[];
  buying: boolean;
  lastCallAt: number;
  /** Calls in the current whole second of `second`, and in the second before it. */
  second: number;
  count: number;
  previous: number;
}

// The checkpoint, idle return and heartbeat run every second; dead servers are looked for every fifth.
const TICK_MS = 1_000;
const SWEEP_EVERY = 5;

const leftIn = (allowance: Allowance) => allowance.blocks.reduce((sum, block) => sum + block.calls - block.used, 0);

/**
 * What a call through the gateway costs, paid before it is forwarded through the one metering path (decision 0024) in
 * power points, earliest-expiring first (decision 0032), but out of the call's path (decision 0034): each server buys a
 * user's calls ahead in blocks of about the last second's rate, and serves them from memory. A call waits only when
 * the user's allowance on this server is empty, for the purchase in flight (402 when the points cover none).
 *
 * Nothing is charged that is not served: a block's unused calls go back to the points it was paid with when the user's
 * allowance has been idle `idleMs`, and at close. Each block's use is written every second (checkpoint) with the
 * server's heartbeat; when a server dies, any live one returns what its blocks had not used as of that checkpoint, so
 * the calls it served since are the only ones never charged.
 */
export function callsService({ db, clock, log, wallet, pointsPerCall, idleMs, deadSeconds }: CallsDependencies) {
  const serverId = `S${randomBytes(10).toString('hex')}`;
  const rateOf = (points: bigint): Rate => ({ price: money(points * POINT_VALUE), per: 1 });
  const rate = rateOf(BigInt(pointsPerCall));
  const allowances = new Map<UserId, Allowance>();
  let timer: NodeJS.Timeout | null = null;
  let ticking: Promise<void> = Promise.resolve();
  let running = false;
  let ticks = 0;

  function exhausted(spendable: bigint) {
    return new AppError('paymentRequired', {
      messageKey: 'apiOpen.pointsExhausted',
      params: { points: pointsPerCall, balance: String(spendable / POINT_VALUE) },
    });
  }

  function allowanceOf(userId: UserId): Allowance {
    let allowance = allowances.get(userId);
    if (!allowance) {
      allowance = { blocks: [], waiting: [], buying: false, lastCallAt: 0, second: 0, count: 0, previous: 0 };
      allowances.set(userId, allowance);
    }
    return allowance;
  }

  /** Counts a call in its second; answers the calls of the last full second or of this one, whichever is more. */
  function countCall(allowance: Allowance) {
    const now = Date.now();
    const second = Math.floor(now / 1000);
    if (second !== allowance.second) {
      allowance.previous = second === allowance.second + 1 ? allowance.count : 0;
      allowance.second = second;
      allowance.count = 0;
    }
    allowance.count += 1;
    allowance.lastCallAt = now;
  }

  const recentRate = (allowance: Allowance) => Math.max(allowance.count, allowance.previous, 1);

  /** Serves one call from the blocks held, oldest first: answers its block's reference, or null when none is left. */
  function draw(allowance: Allowance): string | null {
    const block = allowance.blocks.find((held) => held.used < held.calls);
    if (!block) {
      return null;
    }
    block.used += 1;
    return block.orderNo;
  }

  /** Buys the next block ahead when what is left would not last half a second at the recent rate. */
  function topUp(userId: UserId, allowance: Allowance) {
    if (!allowance.buying && leftIn(allowance) * 2 < recentRate(allowance)) {
      void buy(userId, allowance);
    }
  }

  /**
   * Buys a block of as many calls as are waiting or as the last second saw, in a transaction of its own: one usage
   * record settled with shortfall `partial`, so the points buy as many of them as they cover (one points-history row,
   * one reference). Serves the waiting calls from it; refuses the rest with 402 when the points covered fewer.
   */
  async function buy(userId: UserId, allowance: Allowance) {
    allowance.buying = true;
    const wanted = Math.max(allowance.waiting.length, recentRate(allowance));
    const now = clock.now();
    const orderNo = `G${randomBytes(10).toString('hex')}`;
    let refusal: unknown = null;
    try {
      const { settled, id } = await inTransaction(db, async (tx) => {
        const [settlement] = await wallet.settle(tx, [
          {
            userId,
            product: 'apiCalls',
            unit: 'call',
            quantity: wanted,
            rate,
            billed: 0,
            period: { from: now, to: now },
            orderNo,
            shortfall: 'partial',
          },
        ]);
        if (settlement!.quantity === 0) {
          return { settled: settlement!, id: null };
        }
        await queries.heartbeat(tx, serverId);
        const block = { serverId, userId, orderNo, pointsPerCall: BigInt(pointsPerCall), boughtAt: now };
        return {
          settled: settlement!,
          id: await queries.insertAllowance(tx, { ...block, calls: settlement!.quantity }),
        };
      });
      if (id !== null) {
        allowance.blocks.push({ id, orderNo, calls: settled.quantity, used: 0, saved: 0 });
      }
      if (settled.quantity < wanted) {
        refusal = exhausted(settled.spendable);
      }
      start();
    } catch (error) {
      refusal = error;
    }
    while (allowance.waiting.length > 0) {
      const paidBy = draw(allowance);
      if (!paidBy) {
        break;
      }
      allowance.waiting.shift()!.paid(paidBy);
    }
    allowance.buying = false;
    if (refusal) {
      for (const call of allowance.waiting.splice(0)) {
        call.refused(refusal);
      }
      return;
    }
    if (allowance.waiting.length > 0) {
      void buy(userId, allowance);
      return;
    }
    topUp(userId, allowance);
  }

  /** Writes what each block has served since the last checkpoint; a block used up is closed and forgotten. */
  async function checkpoint() {
    for (const allowance of allowances.values()) {
      for (const block of [...allowance.blocks]) {
        const used = block.used;
        if (used === block.saved) {
          continue;
        }
        const done = used === block.calls;
        const still = await queries.checkpointAllowance(db, {
          id: block.id,
          used,
          closedAt: done ? clock.now() : null,
        });
        block.saved = used;
        // A block used up is done; one closed already was taken by a sweeper that held this server for dead, which
        // returned what it had not used as of the checkpoint before: the calls served since are not charged.
        if (done || !still) {
          allowance.blocks.splice(allowance.blocks.indexOf(block), 1);
        }
      }
    }
  }

  /** Closes a block as of what it served and returns the rest to the points it was paid with, in one transaction. */
  async function giveBack(block: Block) {
    await inTransaction(db, async (tx) => {
      const closed = await queries.checkpointAllowance(tx, { id: block.id, used: block.used, closedAt: clock.now() });
      if (closed && closed.calls > closed.used) {
        await wallet.returnUnused(tx, {
          userId: closed.userId,
          product: 'apiCalls',
          quantity: closed.calls - closed.used,
          rate: rateOf(closed.pointsPerCall),
          orderNo: closed.orderNo,
        });
      }
    });
  }

  /** Returns the allowances of users who made no call for `idleMs` (all of them when `all`), and forgets them. */
  async function returnIdle(all: boolean) {
    const idleSince = Date.now() - idleMs;
    for (const [userId, allowance] of [...allowances]) {
      if (all || (allowance.lastCallAt <= idleSince && !allowance.buying && allowance.waiting.length === 0)) {
        allowances.delete(userId);
        for (const block of allowance.blocks) {
          await giveBack(block);
        }
      }
    }
  }

  /** Returns what the blocks of servers whose heartbeat stopped had not used as of their last checkpoint. */
  async function sweep() {
    await inTransaction(db, async (tx) => {
      const now = clock.now();
      for (const dead of await queries.lockDeadServers(tx, deadSeconds)) {
        for (const closed of await queries.closeServerAllowances(tx, { serverId: dead, at: now })) {
          if (closed.calls > closed.used) {
            await wallet.returnUnused(tx, {
              userId: closed.userId,
              product: 'apiCalls',
              quantity: closed.calls - closed.used,
              rate: rateOf(closed.pointsPerCall),
              orderNo: closed.orderNo,
            });
          }
        }
      }
    });
  }

  async function tick() {
    await queries.heartbeat(db, serverId);
    await checkpoint();
    await returnIdle(false);
    ticks += 1;
    if (ticks % SWEEP_EVERY === 0) {
      await sweep();
    }
  }

  /** Starts the heartbeat once this server holds an allowance; it then also sweeps for dead servers. */
  function start() {
    if (timer) {
      return;
    }
    timer = setInterval(() => {
      // One tick at a time; a failed one (the database away) is tried again at the next.
      if (!running) {
        running = true;
        ticking = tick()
          .catch((error: unknown) => log.warn({ err: error }, 'the gateway allowances could not be checkpointed'))
          .finally(() => {
            running = false;
          });
      }
    }, TICK_MS);
    timer.unref();
  }

  return {
    pointsPerCall,

    /**
     * Pays for one call before it is forwarded: from this server's allowance for the user when it has calls left,
     * else once the purchase in flight pays it; refuses with 402 when the points cover none. Answers the reference of
     * the block that paid it.
     */
    bill(caller: Caller): Promise<string> {
      const allowance = allowanceOf(caller.userId);
      countCall(allowance);
      const orderNo = allowance.waiting.length === 0 ? draw(allowance) : null;
      if (orderNo) {
        topUp(caller.userId, allowance);
        return Promise.resolve(orderNo);
      }
      return new Promise<string>((paid, refused) => {
        allowance.waiting.push({ paid, refused });
        if (!allowance.buying) {
          void buy(caller.userId, allowance);
        }
      });
    },

    /** At shutdown: returns every allowance's unused calls and takes this server off the heartbeats. */
    async close() {
      if (!timer) {
        return;
      }
      clearInterval(timer);
      await ticking;
      await checkpoint();
      await returnIdle(true);
      await queries.deleteServer(db, serverId);
    },
  };
}

export type CallsService = ReturnType<typeof callsService>;
