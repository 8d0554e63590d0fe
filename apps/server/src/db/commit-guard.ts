import { AsyncLocalStorage } from 'node:async_hooks';
import type { Tx } from './client.js';

/**
 * A statement that every transaction begun on behalf of some piece of work runs last, before it commits: it commits
 * with that transaction's effects, or throws and takes them back. http/idempotency.ts marks an Idempotency-Key as
 * acted on this way, in the very transaction that acts (docs/decisions/0018).
 */
export type CommitGuard = (tx: Tx) => Promise<void>;

interface Scope {
  guard: CommitGuard;
  /** False once the work has returned: anything it set going in the background commits unguarded. */
  open: boolean;
}

const scopes = new AsyncLocalStorage<Scope>();

/** Runs `work` so that each outermost `inTransaction` it starts, until it returns, ends with `guard`. */
export async function guardingCommits<T>(guard: CommitGuard, work: () => Promise<T>): Promise<T> {
  const scope: Scope = { guard, open: true };
  try {
    return await scopes.run(scope, work);
  } finally {
    scope.open = false;
  }
}

/** The guard the transaction about to begin must end with, if it is begun on behalf of guarded work. */
export function currentCommitGuard(): CommitGuard | null {
  const scope = scopes.getStore();
  return scope?.open ? scope.guard : null;
}
