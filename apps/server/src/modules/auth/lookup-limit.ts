import type { Db } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import type { Clock } from '../../jobs/clock.js';
import { overAddressLimit, type AddressRule } from './address-limit.js';

// 20 a minute is the lookup endpoints' own rate limit (the contract's rateLimitPerMinute), which only they pass.
const LOOKUP_RULES: readonly AddressRule[] = [
  { name: 'lookup-ip-minute', limit: 20, windowMs: 60_000 },
  { name: 'lookup-ip', limit: 60, windowMs: 60 * 60_000 },
];

/**
 * Counts one answer that tells whether an account exists, per address and in the database (ARCHITECTURE §10), and
 * refuses past 20 a minute or 60 an hour. Every such answer counts, not only the lookup endpoints: registration
 * ("already registered"), login by code, the forgotten password and the code sends all tell as much (issue 7), and
 * an address the lookup endpoints refuse must learn nothing from these either (issue 19). Call it before the
 * existence check, so that a refused caller learns nothing.
 */
export async function countLookup({ db, clock }: { db: Db; clock: Clock }, ip: string): Promise<void> {
  if (await overAddressLimit({ db, clock }, LOOKUP_RULES, ip)) {
    throw new AppError('businessRule', { messageKey: 'auth.lookupLimit' });
  }
}
