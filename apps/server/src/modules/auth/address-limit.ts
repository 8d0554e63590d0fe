import type { Db } from '../../db/client.js';
import type { Clock } from '../../jobs/clock.js';
import { countHit, fixedWindow } from './rate-counters.js';

/** At most `limit` hits from one address in each fixed window of `windowMs`; `name` keeps rules apart. */
export interface AddressRule {
  name: string;
  limit: number;
  windowMs: number;
}

/**
 * Counts one hit from `ip` against each rule, in the database so that the limit holds across instances (ARCHITECTURE
 * §10), and answers whether any rule is now exceeded. Every rule counts the hit, so a refused caller keeps its windows
 * full.
 */
export async function overAddressLimit(
  { db, clock }: { db: Db; clock: Clock },
  rules: readonly AddressRule[],
  ip: string,
): Promise<boolean> {
  const now = clock.now();
  let over = false;
  for (const rule of rules) {
    over = (await countHit(db, fixedWindow(`${rule.name}:${ip}`, now, rule.windowMs))) > rule.limit || over;
  }
  return over;
}
