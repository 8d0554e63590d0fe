import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Config } from '../config.js';
import { listenOnPglite, listenOnPostgres, type Listen } from './notifications.js';

/** Drizzle over either engine: the plain handle. Reads and single-statement writes take it. */
export type Db = PgDatabase<PgQueryResultHKT>;

declare const inTransactionBrand: unique symbol;
/**
 * The same handle inside a transaction (db/transaction.ts makes it). A function whose work is only safe in a
 * transaction (a row lock, a ledger entry, anything that must commit with something else) takes `Tx`, so the
 * compiler refuses the plain handle; a `Tx` is accepted wherever a `Db` is.
 */
export type Tx = Db & { readonly [inTransactionBrand]: true };

/** A connection held for one piece of work that needs a single session (migrations, advisory locks). */
export interface Session {
  exec(sqlText: string): Promise<void>;
  query<Row = Record<string, unknown>>(sqlText: string, params?: unknown[]): Promise<Row[]>;
}

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  withSession<T>(work: (session: Session) => Promise<T>): Promise<T>;
  /** Subscribes to a notification channel (db/notifications.ts). */
  listen: Listen;
  close(): Promise<void>;
  /** PGlite only: the whole data directory as an archive, which `openPglite` can load again. */
  dump?(): Promise<Blob>;
}

// int8 as BigInt on both engines (STACK "Things that bite"): money never passes through a float.
const INT8 = 20;

export async function openPglite(dataDir: string | undefined, loadDataDir?: Blob): Promise<Database> {
  if (dataDir) {
    mkdirSync(path.dirname(dataDir), { recursive: true });
  }
  const client = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
    parsers: { [INT8]: (value: string) => BigInt(value) },
  });
  const session: Session = {
    exec: async (sqlText) => {
      await client.exec(sqlText);
    },
    query: async <Row>(sqlText: string, params: unknown[] = []) => (await client.query<Row>(sqlText, params)).rows,
  };
  return {
    kind: 'pglite',
    db: drizzlePglite(client) as unknown as Db,
    // PGlite is one session already: every caller shares it, in order.
    withSession: (work) => work(session),
    listen: listenOnPglite(client),
    close: () => client.close(),
    dump: async () => (await client.dumpDataDir('gzip')) as Blob,
  };
}

export function openPostgres(url: string, poolSize = 10): Database {
  // Drizzle's node-postgres session passes its own type parsers, which fall back to pg's global table: set int8
  // there, so raw SQL and typed queries read it alike.
  pg.types.setTypeParser(INT8, BigInt);
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it and the next query reports real failures.
  });
  return {
    kind: 'postgres',
    db: drizzlePg(pool) as unknown as Db,
    withSession: async (work) => {
      const client = await pool.connect();
      try {
        return await work({
          exec: async (sqlText) => {
            await client.query(sqlText);
          },
          query: async <Row>(sqlText: string, params: unknown[] = []) =>
            (await client.query(sqlText, params)).rows as Row[],
        });
      } finally {
        client.release();
      }
    },
    listen: listenOnPostgres(url),
    close: () => pool.end(),
  };
}

/** The configured database: PostgreSQL at DATABASE_URL when set, else the embedded one under DATA_DIR. */
export async function openDatabase(config: Pick<Config, 'database' | 'runtime'>): Promise<Database> {
  if (config.database.url) {
    return openPostgres(config.database.url);
  }
  return openPglite(path.join(config.runtime.dataDir, 'db'));
}
