import type { FastifyBaseLogger } from 'fastify';
import type { Tx } from '../db/client.js';
import type { Cadence } from './periods.js';

export interface JobContext {
  period: string;
  now: Date;
  log: FastifyBaseLogger;
}

/**
 * A job's work for one period runs inside the transaction that marks the period done, so the two commit together:
 * a crash mid-way rolls both back and the period is run again, exactly once in all.
 */
export interface JobDefinition {
  name: string;
  cadence: Cadence;
  /** How many missed periods to catch up after downtime; older ones are left. */
  catchUp?: number;
  run(tx: Tx, context: JobContext): Promise<void>;
}
