import type { ApplicationStatus, BillingMode } from '@suanli/contract';

type Status = (typeof ApplicationStatus.values)[number];

/** How often /myApp reads its list again while an application is on its way to another status. */
export const POLL_INTERVAL_MS = 2_000;

/** Statuses the reconciler is still driving towards another (ARCHITECTURE §5): the row's actions wait meanwhile. */
const TRANSITIONAL: ReadonlySet<Status> = new Set(['creating', 'starting', 'stopping', 'restarting']);

export const isTransitional = (status: Status): boolean => TRANSITIONAL.has(status);

/** The actions of a row that depend on its status; renaming and pinning do not. */
export type StatusAction = 'links' | 'stop' | 'restart' | 'renew' | 'timedStop' | 'expandDisk' | 'destroy';

const BY_STATUS: Record<Status, readonly StatusAction[]> = {
  creating: [],
  starting: [],
  stopping: [],
  restarting: [],
  running: ['links', 'stop', 'renew', 'timedStop', 'expandDisk', 'destroy'],
  // The data disk is kept while stopped, and its expansion billed whether or not it runs: it can still grow.
  stopped: ['restart', 'renew', 'expandDisk', 'destroy'],
  // A failed application can be stopped (its GPUs are freed), tried again, its disk expanded, or destroyed.
  abnormal: ['stop', 'restart', 'expandDisk', 'destroy'],
  destroyed: [],
};

/** What the user may do with an application now; renewal is for prepaid rentals alone. */
export function allowedActions(row: { status: Status; billingMode: BillingMode }): ReadonlySet<StatusAction> {
  const actions = BY_STATUS[row.status].filter((action) => action !== 'renew' || row.billingMode !== 'minute');
  return new Set(actions);
}

/** The list is read again only while some row is still changing, so an idle page sends nothing. */
export function shouldPoll(rows: readonly { status: Status }[]): boolean {
  return rows.some((row) => isTransitional(row.status));
}
