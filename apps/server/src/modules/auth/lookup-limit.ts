import type { Db } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import type { Clock } from '../../jobs/clock.js';
import { countHit, fixedWindow } from './rate-counters.js';

const LOOKUP_RULE = { perIpPerHour: 60, windowMs: 60 * 60_000 } as const;

/**
 * Counts one answer that tells whether an account exists, per address and in the database (ARCHITECTURE §10), and
 * refuses past 60 an hour. Every such answer counts, not only the lookup endpoints: registration ("already
 * registered"), login by code, the forgotten password and the code sends all tell as much (issue 7). Call it before
 * the existence check, so that a refused caller learns nothing.
 */
export async function countLookup({ db, clock }: { db: Db; clock: Clock }, ip: string): Promise<void> {
  const window = fixedWindow(`lookup-ip:${ip}`, clock.now(), LOOKUP_RULE.windowMs);
  if ((await countHit(db, window)) > LOOKUP_RULE.perIpPerHour) {
    throw new AppError('businessRule', { messageKey: 'auth.lookupLimit' });
  }
}
