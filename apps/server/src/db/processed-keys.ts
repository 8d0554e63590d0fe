import { sql } from 'drizzle-orm';
import type { Db, Tx } from './client.js';
import { queryRows } from './sql.js';

export interface ProcessedKey {
  /** What kind of effect the key guards: `payments.notification`, `redeem`, a job's name. */
  scope: string;
  /** The effect's own identity within its scope: a provider's notification id, an application and its minute. */
  key: string;
  /** When the key may be forgotten; omitted, it is kept for ever (every money credit). */
  expiresAt?: Date;
}

/**
 * Records that the effect named by (scope, key) is being applied, in the caller's transaction: true for the first
 * caller only, so `if (!(await claimOnce(tx, key))) return;` makes an effect happen once however often it is
 * delivered. The key commits with the effect or vanishes with its rollback; a concurrent caller with the same key waits
 * for the first transaction to end, then gets false if it committed (ARCHITECTURE §4).
 */
export async function claimOnce(tx: Tx, claim: ProcessedKey): Promise<boolean> {
  const { key, ...rest } = claim;
  return (await claimMany(tx, { ...rest, keys: [key] })).size > 0;
}

/**
 * claimOnce for many keys of one scope in one statement (a batch job's chunk): answers the keys this caller is the
 * first to claim, under the same rules; omitted, `expiresAt` keeps them for ever.
 */
export async function claimMany(
  tx: Tx,
  claim: { scope: string; keys: readonly string[]; expiresAt?: Date },
): Promise<Set<string>> {
  if (claim.keys.length === 0) {
    return new Set();
  }
  const rows = await queryRows<{ key: string }>(
    tx,
    sql`INSERT INTO processed_keys (scope, key, expires_at)
        SELECT ${claim.scope}, key, ${claim.expiresAt?.toISOString() ?? null}::timestamptz
        FROM jsonb_array_elements_text(${JSON.stringify(claim.keys)}::jsonb) AS key
        ON CONFLICT DO NOTHING
        RETURNING key`,
  );
  return new Set(rows.map((row) => row.key));
}

/** Forgets the keys whose time has passed; keys without an expiry stay. Returns how many went. */
export async function purgeProcessedKeys(db: Db, now: Date): Promise<number> {
  const [row] = await queryRows<{ removed: number }>(
    db,
    sql`WITH removed AS (DELETE FROM processed_keys WHERE expires_at < ${now.toISOString()}::timestamptz RETURNING 1)
        SELECT count(*)::int AS removed FROM removed`,
  );
  return row?.removed ?? 0;
}
