import { migrate, readMigrations } from '../../src/db/migrate.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

/**
 * A database migrated up to, not including, `migration`: a test seeds it as that schema was, with SQL, then
 * `migrateRest()` applies the migration and those after it, as an upgrade of a live database would.
 */
export async function databaseBefore(migration: string): Promise<TestDatabase & { migrateRest(): Promise<string[]> }> {
  const all = readMigrations();
  if (!all.some((each) => each.name === migration)) {
    throw new Error(`no migration ${migration}`);
  }
  const testDatabase = await createTestDatabase({ blank: true });
  await migrate(
    testDatabase.database,
    all.filter((each) => each.name < migration),
  );
  return { ...testDatabase, migrateRest: () => migrate(testDatabase.database, all) };
}
