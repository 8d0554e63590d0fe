import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { openPglite, openPostgres, type Database } from '../../src/db/client.js';
import { describeFinding, findLedgerMismatches } from '../../src/modules/wallet/ledger-check.queries.js';
import { ENGINE, TEST_DATABASE_URL, withDatabase } from './engine.js';

export interface TestDatabase {
  database: Database;
  /** For PostgreSQL: the URL of this file's own database, to open more pools (several instances) on it. */
  url: string | undefined;
  drop(): Promise<void>;
}

/**
 * What `npm run ledger:check` checks, on the database a test file leaves behind: every file that moves money, through
 * whichever module, must leave a ledger that foots. A blank database is left alone: its test migrates it part way.
 */
async function closeCheckingLedger(database: Database, blank: boolean) {
  const findings = blank ? [] : await findLedgerMismatches(database.db);
  await database.close();
  if (findings.length > 0) {
    throw new Error(`the ledger check fails on what this file left: ${findings.map(describeFinding).join('; ')}`);
  }
}

/**
 * A fresh, migrated database for one test file, on the engine of this pass; `blank` leaves it empty, unmigrated (a
 * migration's test migrates it up to the migration itself: migration-database.ts).
 */
export async function createTestDatabase({ blank = false }: { blank?: boolean } = {}): Promise<TestDatabase> {
  if (ENGINE === 'pglite') {
    const template = blank ? undefined : new Blob([readFileSync(inject('pgliteTemplate'))]);
    const database = await openPglite(undefined, template);
    return { database, url: undefined, drop: () => closeCheckingLedger(database, blank) };
  }
  const name = `suanli_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${blank ? '' : ` TEMPLATE ${inject('postgresTemplate')}`}`);
  await admin.end();
  const url = withDatabase(TEST_DATABASE_URL!, name);
  const database = openPostgres(url);
  return {
    database,
    url,
    drop: async () => {
      try {
        await closeCheckingLedger(database, blank);
      } finally {
        const cleanup = new pg.Client({ connectionString: TEST_DATABASE_URL });
        await cleanup.connect();
        await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await cleanup.end();
      }
    },
  };
}
