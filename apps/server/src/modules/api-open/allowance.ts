/** A call waiting for the purchase in flight: told the reference of the block that pays it, or why none does. */
export interface Waiting {
  paid(orderNo: string): void;
  refused(error: unknown): void;
}

/** Calls bought in one payment: `used` of them served, `saved` as of the last checkpoint. */
export interface Block {
  id: bigint;
  orderNo: string;
  calls: number;
  used: number;
  saved: number;
  /** The business clock's time of the purchase, in milliseconds. */
  boughtAt: number;
}

/** What one server holds for one user: the blocks bought, the calls waiting for the next, and the recent rate. */
export interface Allowance {
  blocks: Block[];
  waiting: Waiting[];
  buying: boolean;
  lastCallAt: number;
  /** Calls in the current whole second of `second`, and in the second before it. */
  second: number;
  count: number;
  previous: number;
}

export const emptyAllowance = (): Allowance => ({
  blocks: [],
  waiting: [],
  buying: false,
  lastCallAt: 0,
  second: 0,
  count: 0,
  previous: 0,
});

export const leftIn = (allowance: Allowance) =>
  allowance.blocks.reduce((sum, block) => sum + block.calls - block.used, 0);

/** Counts a call in its second (real time: a rate, whatever the business clock says). */
export function countCall(allowance: Allowance) {
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

/** The calls of the last full second or of this one, whichever is more; at least one. */
export const recentRate = (allowance: Allowance) => Math.max(allowance.count, allowance.previous, 1);

/** Serves one call from the blocks held, oldest first: answers its block's reference, or null when none is left. */
export function draw(allowance: Allowance): string | null {
  const block = allowance.blocks.find((held) => held.used < held.calls);
  if (!block) {
    return null;
  }
  block.used += 1;
  return block.orderNo;
}

/** Pays the calls waiting from the blocks held, first come first served, as far as they go. */
export function serveWaiting(allowance: Allowance) {
  while (allowance.waiting.length > 0) {
    const paidBy = draw(allowance);
    if (!paidBy) {
      return;
    }
    allowance.waiting.shift()!.paid(paidBy);
  }
}
