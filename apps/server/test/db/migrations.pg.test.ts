import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../src/db/client.js';
import { migrate, readMigrations } from '../../src/db/migrate.js';
import { queryRows } from '../../src/db/sql.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.js';

let testDatabase: TestDatabase;
beforeAll(async () => {
  testDatabase = await createTestDatabase();
  await testDatabase.database.db.execute(sql`DROP SCHEMA public CASCADE; CREATE SCHEMA public`);
});
afterAll(() => testDatabase.drop());

describe('instances starting together on one PostgreSQL', () => {
  it('apply each migration once, one instance waiting for the other', async () => {
    const instances = [0, 1, 2].map(() => openPostgres(testDatabase.url!, 2));
    const results = await Promise.all(instances.map((instance) => migrate(instance)));
    await Promise.all(instances.map((instance) => instance.close()));
    expect(results.flat().sort()).toEqual(readMigrations().map((migration) => migration.name));
    const rows = await queryRows(testDatabase.database.db, sql`SELECT name FROM schema_migrations`);
    expect(rows).toHaveLength(readMigrations().length);
  });
});
