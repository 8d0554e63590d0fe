import { defineBatchJob } from '../../jobs/batch-job.js';
import { expiredVouchers, markInvalid } from './vouchers.queries.js';
import { vouchers } from './vouchers.tables.js';

/**
 * Every minute, vouchers past their expiry are marked invalid (spec §4). Charges never spend an expired voucher
 * whether or not it is marked yet (they compare the expiry with the clock); the mark is for the lists and reports.
 */
export function voucherJobs() {
  return [
    defineBatchJob({
      name: 'wallet.expire-vouchers',
      cadence: 'minute',
      // Each run takes every voucher expired by then, so a missed minute needs no run of its own.
      catchUp: 1,
      table: vouchers,
      where: ({ now }) => expiredVouchers(now),
      apply: (tx, { row }, { now }) => markInvalid(tx, row, now),
    }),
  ];
}
