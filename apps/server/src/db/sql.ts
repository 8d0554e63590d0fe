import { sql, type SQL } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client.js';

/** Raw SQL through drizzle on either engine: both drivers answer `{ rows }`, which is all we rely on. */
export async function queryRows<Row>(db: Db, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

/**
 * Raw SQL as a named prepared statement: PostgreSQL parses and plans it once per pooled connection rather than on
 * every call, which for a statement of several steps (a charge's posting) costs more than running it. Only for hot
 * statements whose text is the same on every call under that name (every value a parameter): a name used with two
 * texts on one connection is an error. PGlite runs it as any other query.
 */
export async function queryPrepared<Row>(db: Db, name: string, query: SQL): Promise<Row[]> {
  // The same two steps as drizzle's own `db.execute`, with a name; `dialect` is drizzle's, kept off its public type.
  const { dialect } = db as unknown as { dialect: PgDialect };
  const prepared = db._.session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false);
  const result = (await prepared.execute()) as unknown as { rows: Row[] };
  return result.rows;
}

/**
 * Ids as one parameter, for `column IN ${idSet(ids)}`: one bound value however many, where drizzle's `inArray` binds
 * each id on its own (a thousand parameters for a billing chunk's owners, each parsed and planned anew).
 */
export const idSet = (ids: readonly bigint[]): SQL =>
  sql`(SELECT jsonb_array_elements_text(${JSON.stringify(ids.map(String))}::jsonb)::bigint)`;
