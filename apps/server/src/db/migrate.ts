import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database, Session } from './client.js';

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

// Any constant works; it only has to be the same for every instance of Suanli on one database.
const MIGRATION_LOCK = 7_424_115;

export interface Migration {
  name: string;
  sql: string;
}

export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((file) => /^\d{4}_[a-z0-9_]+\.sql$/.test(file))
    .sort()
    .map((file) => ({ name: file.replace(/\.sql$/, ''), sql: readFileSync(path.join(dir, file), 'utf8') }));
}

async function applyPending(session: Session, migrations: Migration[]): Promise<string[]> {
  await session.exec(
    'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  const rows = await session.query<{ name: string }>('SELECT name FROM schema_migrations');
  const done = new Set(rows.map((row) => row.name));
  const applied: string[] = [];
  for (const migration of migrations.filter((candidate) => !done.has(candidate.name))) {
    // Each file and its bookkeeping row commit together, so a crash never leaves a half-applied migration recorded.
    await session.exec(
      `BEGIN;\n${migration.sql}\n;INSERT INTO schema_migrations (name) VALUES ('${migration.name}');\nCOMMIT;`,
    );
    applied.push(migration.name);
  }
  return applied;
}

/**
 * Applies the plain-SQL migrations in order, the same files on PGlite and PostgreSQL. On PostgreSQL an advisory lock
 * serialises instances that start together (STACK "Things that bite").
 */
export async function migrate(database: Database, migrations = readMigrations()): Promise<string[]> {
  const locked = database.kind === 'postgres';
  return database.withSession(async (session) => {
    if (locked) {
      await session.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    }
    try {
      return await applyPending(session, migrations);
    } catch (error) {
      await session.exec('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      if (locked) {
        await session.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
      }
    }
  });
}
