import type { JobDefinition } from '../../jobs/scheduler.js';
import type { Module } from '../../platform.js';
import { overAddressLimit, type AddressRule } from './address-limit.js';
import type { AuthDependencies } from './auth.dependencies.js';
import { authRoutes } from './auth.routes.js';
import { deleteDeadCaptchas } from './captcha.queries.js';
import { deleteDeadCodes } from './codes.queries.js';
import { countInWindow, fixedWindow, purgeCounters } from './rate-counters.js';

export type { AddressRule } from './address-limit.js';
export type { AuthDependencies } from './auth.dependencies.js';

const DAY_MS = 24 * 60 * 60_000;
// The longest counter window is a business day; two days back nothing can count any more.
const COUNTERS_KEPT_MS = 2 * DAY_MS;

const jobs: JobDefinition[] = [
  {
    // Expired captchas and codes can no longer be used, and the 60-second resend check reads only live codes.
    name: 'auth.purge-expired-codes',
    cadence: 'hour',
    catchUp: 1,
    run: async (tx, { now, log }) => {
      const captchas = await deleteDeadCaptchas(tx, now);
      const codes = await deleteDeadCodes(tx, now);
      const counters = await purgeCounters(tx, new Date(now.getTime() - COUNTERS_KEPT_MS));
      log.info({ captchas, codes, counters }, 'purged expired captchas, codes and counters');
    },
  },
];

/**
 * Captchas, one-time codes, registration, login and credentials (spec §4, §5). Its service lends other modules the
 * per-address counters it keeps in the database, for what anyone may call without an account.
 */
export function createAuthModule(deps: AuthDependencies): Module<AuthService> {
  const service = {
    /** Counts a hit from the address against each rule; true when one is now exceeded. */
    overAddressLimit: (rules: readonly AddressRule[], ip: string) => overAddressLimit(deps, rules, ip),
    countInWindow: (bucket: string, windowMs: number) => {
      const now = deps.clock.now();
      return countInWindow(deps.db, fixedWindow(bucket, now, windowMs), now);
    },
  };
  return { service, jobs, routes: authRoutes(deps) };
}

export interface AuthService {
  overAddressLimit(rules: readonly AddressRule[], ip: string): Promise<boolean>;
  /** Counts a hit in the database's fixed window of `windowMs` for `bucket` (the rate limits every instance shares). */
  countInWindow(bucket: string, windowMs: number): Promise<{ hits: number; resetsInMs: number }>;
}
