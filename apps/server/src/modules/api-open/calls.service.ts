import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { money } from '@suanli/contract';
import type { Db, Tx } from '../../db/client.js';
import type { UserId } from '../../db/ids.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../http/app-error.js';
import type { Clock } from '../../jobs/clock.js';
import type { Platform } from '../../platform.js';
import { POINT_VALUE, type Rate, type WalletService } from '../wallet/index.js';
import {
  countCall,
  draw,
  emptyAllowance,
  leftIn,
  recentRate,
  serveWaiting,
  type Allowance,
  type Block,
} from './allowance.js';
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

// The checkpoint, the returns and the heartbeat run every second; dead servers are looked for every fifth.
const TICK_MS = 1_000;
const SWEEP_EVERY = 5;
// Points are held ahead for minutes at most, even for a user who never stops calling: a block bought at a burst's rate
// and served at a trickle goes back, and what a spend drew is kept far longer than that (power's forgetOldDraws).
const BLOCK_MAX_AGE_MS = 10 * 60_000;
const RECALL_POLL_MS = 200;

/** Closed blocks are kept a day, for looking into a user's question; the points history keeps the rest. */
const CLOSED_KEPT_MS = 24 * 60 * 60_000;

/**
 * What a call through the gateway costs, paid before it is forwarded through the one metering path (decision 0024) in
 * power points, earliest-expiring first (decision 0032), but out of the call's path (decision 0034): each server buys a
 * user's calls ahead in blocks of about the last second's rate, and serves them from memory. A call waits only when
 * the user's allowance on this server is empty, for the purchase in flight (402 when the points cover none, once the
 * other servers have given back what they held for the user).
 *
 * Nothing is charged that is not served: a block's unused calls go back to the points it was paid with when the user's
 * allowance has been idle `idleMs`, when another server recalls them, after ten minutes, and at close. Each block's use
 * is written every second (checkpoint) with the server's heartbeat; when a server dies, a live one returns what its
 * blocks had not used as of that checkpoint, so the calls it served since are the only ones never charged.
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
  // The purchases in flight: a server closing waits for them, or a block bought as it closed would be held by no one.
  const purchases = new Set<Promise<void>>();
  let closing = false;

  function exhausted(spendable: bigint) {
    return new AppError('paymentRequired', {
      messageKey: 'apiOpen.pointsExhausted',
      params: { points: pointsPerCall, balance: String(spendable / POINT_VALUE) },
    });
  }

  function allowanceOf(userId: UserId): Allowance {
    let allowance = allowances.get(userId);
    if (!allowance) {
      allowance = emptyAllowance();
      allowances.set(userId, allowance);
    }
    return allowance;
  }

  function startBuying(userId: UserId, allowance: Allowance) {
    const purchase = buy(userId, allowance).finally(() => purchases.delete(purchase));
    purchases.add(purchase);
  }

  /**
   * Buys the next block ahead when what is left would not last half a second at the recent rate; nothing ahead once
   * the server is closing.
   */
  function topUp(userId: UserId, allowance: Allowance) {
    if (!closing && !allowance.buying && leftIn(allowance) * 2 < recentRate(allowance)) {
      startBuying(userId, allowance);
    }
  }

  /**
   * One payment, in a transaction of its own: a block of as many calls as are waiting or as the last second saw, one
   * usage record settled with shortfall `partial`, so the points buy as many of them as they cover (one points-history
   * row, one reference); the calls waiting are served from it. When the points fall short of the calls waiting, the
   * other servers holding this user's calls are asked for them back (`recalled`). Answers what could be spent when
   * short, else null.
   */
  async function purchase(userId: UserId, allowance: Allowance) {
    const wanted = Math.max(allowance.waiting.length, recentRate(allowance));
    const now = clock.now();
    const orderNo = `G${randomBytes(10).toString('hex')}`;
    // The calls waiting when the points were weighed: one that comes in after is not yet refused by this purchase.
    let weighed = 0;
    const { settled, id, recalled } = await inTransaction(db, async (tx) => {
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
      weighed = allowance.waiting.length;
      const short = weighed > settlement!.quantity;
      const recalls = short ? await queries.recallAllowances(tx, { userId, serverId }) : 0;
      if (settlement!.quantity === 0) {
        return { settled: settlement!, id: null, recalled: recalls > 0 };
      }
      await queries.heartbeat(tx, serverId);
      const block = { serverId, userId, orderNo, pointsPerCall: BigInt(pointsPerCall), boughtAt: now };
      return {
        settled: settlement!,
        id: await queries.insertAllowance(tx, { ...block, calls: settlement!.quantity }),
        recalled: recalls > 0,
      };
    });
    if (id !== null) {
      allowance.blocks.push({ id, orderNo, calls: settled.quantity, used: 0, saved: 0, boughtAt: now.getTime() });
    }
    serveWaiting(allowance);
    return { short: settled.quantity < wanted ? settled.spendable : null, recalled, weighed };
  }

  /**
   * Waits until the other servers have given back the blocks recalled from them (they do at their next tick), or
   * `until`: a dead server's blocks come back through the sweeper.
   */
  async function awaitRecalls(userId: UserId, until: number) {
    while (Date.now() < until && (await queries.pendingRecalls(db, { userId, serverId })) > 0) {
      await sleep(RECALL_POLL_MS);
    }
  }

  /**
   * Buys for the calls waiting (or ahead of them), again each time the other servers gave back what they held when the
   * points fell short (a block they bought meanwhile is recalled in turn), for as long as a server may be silent before
   * it is taken for dead; then refuses the calls still waiting with 402 when the points cover no more.
   */
  async function buy(userId: UserId, allowance: Allowance) {
    allowance.buying = true;
    let refusal: unknown = null;
    try {
      const until = Date.now() + deadSeconds * 1000;
      let bought = await purchase(userId, allowance);
      // Again while other servers give back what they held, or while calls that came in after the points were weighed
      // wait: the next purchase weighs them (and recalls for them).
      while (
        Date.now() < until &&
        (bought.recalled || (bought.short !== null && allowance.waiting.length > bought.weighed))
      ) {
        if (bought.recalled) {
          await awaitRecalls(userId, until);
        }
        bought = await purchase(userId, allowance);
      }
      if (bought.short !== null) {
        refusal = exhausted(bought.short);
      }
      start();
    } catch (error) {
      refusal = error;
    }
    allowance.buying = false;
    if (refusal) {
      for (const call of allowance.waiting.splice(0)) {
        call.refused(refusal);
      }
      return;
    }
    if (allowance.waiting.length > 0) {
      startBuying(userId, allowance);
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

  /** Returns a closed block's unused calls to the points it was paid with, in the transaction that closed it. */
  async function refund(tx: Tx, closed: queries.ClosedAllowance) {
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

  /**
   * Closes blocks as of what they served and returns the rest, each in one transaction. The caller has taken them out
   * of the allowance first, so that no call is served from a block being returned.
   */
  async function giveBack(blocks: Block[]) {
    for (const block of blocks) {
      await inTransaction(db, async (tx) => {
        const closed = await queries.checkpointAllowance(tx, { id: block.id, used: block.used, closedAt: clock.now() });
        if (closed) {
          await refund(tx, closed);
        }
      });
    }
  }

  /**
   * Returns what this server holds and does not need: every allowance at close (`all`); else the allowances of users
   * who made no call for `idleMs`, the blocks another server recalled, and blocks older than ten minutes. An allowance
   * forgotten whole must have no purchase in flight, whose block would then be held by no one.
   */
  async function returnUnused(all: boolean) {
    const recalled = new Set(all ? [] : await queries.recalledUsers(db, serverId));
    const idleSince = Date.now() - idleMs;
    const oldSince = clock.now().getTime() - BLOCK_MAX_AGE_MS;
    for (const [userId, allowance] of [...allowances]) {
      const quiet = !allowance.buying && allowance.waiting.length === 0;
      if (all || (quiet && allowance.lastCallAt <= idleSince)) {
        allowances.delete(userId);
        await giveBack(allowance.blocks);
        continue;
      }
      const returned = allowance.blocks.filter((block) => recalled.has(userId) || block.boughtAt <= oldSince);
      allowance.blocks = allowance.blocks.filter((block) => !returned.includes(block));
      await giveBack(returned);
    }
  }

  /** Returns what the blocks of servers whose heartbeat stopped had not used as of their last checkpoint. */
  async function sweep(tx: Tx) {
    const now = clock.now();
    for (const dead of await queries.lockDeadServers(tx, deadSeconds)) {
      for (const closed of await queries.closeServerAllowances(tx, { serverId: dead, at: now })) {
        await refund(tx, closed);
      }
    }
  }

  async function tick() {
    await queries.heartbeat(db, serverId);
    await checkpoint();
    await returnUnused(false);
    ticks += 1;
    if (ticks % SWEEP_EVERY === 0) {
      await inTransaction(db, sweep);
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
          startBuying(caller.userId, allowance);
        }
      });
    },

    /**
     * Takes back the payment of a call that was not delivered (the application could not be reached): into its block
     * when this server still holds it, so that it pays another call, else to the points in a transaction of its own.
     */
    async unpay(caller: Caller, orderNo: string) {
      const block = allowances.get(caller.userId)?.blocks.find((held) => held.orderNo === orderNo);
      if (block) {
        block.used -= 1;
        return;
      }
      try {
        await inTransaction(db, (tx) =>
          wallet.returnUnused(tx, { userId: caller.userId, product: 'apiCalls', quantity: 1, rate, orderNo }),
        );
      } catch (error) {
        log.warn({ err: error, orderNo }, 'an undelivered gateway call could not be given back');
      }
    },

    /**
     * The minute job's part (any server, whether it serves gateway calls or not): returns dead servers' blocks, and
     * forgets blocks closed more than a day ago.
     */
    async housekeep(tx: Tx, now: Date) {
      await sweep(tx);
      return queries.deleteClosedAllowances(tx, new Date(now.getTime() - CLOSED_KEPT_MS));
    },

    /**
     * At shutdown: waits for the purchases in flight, then returns every allowance's unused calls and takes this
     * server off the heartbeats.
     */
    async close() {
      closing = true;
      while (purchases.size > 0) {
        await Promise.all(purchases);
      }
      if (!timer) {
        return;
      }
      clearInterval(timer);
      await ticking;
      await checkpoint();
      await returnUnused(true);
      await queries.deleteServer(db, serverId);
    },
  };
}

export type CallsService = ReturnType<typeof callsService>;
