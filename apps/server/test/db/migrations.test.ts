import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, readMigrations } from '../../src/db/migrate.js';
import { queryRows } from '../../src/db/sql.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.js';

const SOURCE = fileURLToPath(new URL('../../src/', import.meta.url));

/** Every table definition of every owner: each `<area>.tables.ts` under src/, found rather than listed. */
async function tableDefinitions(): Promise<PgTable[]> {
  const files = readdirSync(SOURCE, { recursive: true, encoding: 'utf8' }).filter((file) =>
    file.endsWith('.tables.ts'),
  );
  const modules = await Promise.all(files.map((file) => import(path.join(SOURCE, file)) as Promise<object>));
  return modules.flatMap((module) => Object.values(module).filter((value): value is PgTable => is(value, PgTable)));
}

let testDatabase: TestDatabase;
beforeAll(async () => {
  testDatabase = await createTestDatabase();
});
afterAll(() => testDatabase.drop());

describe('migrations', () => {
  it('are named in order and each applied exactly once', async () => {
    const names = readMigrations().map((migration) => migration.name);
    expect(names).toEqual([...names].sort());
    expect(await migrate(testDatabase.database)).toEqual([]);
    const rows = await queryRows<{ name: string }>(
      testDatabase.database.db,
      sql`SELECT name FROM schema_migrations ORDER BY name`,
    );
    expect(rows.map((row) => row.name)).toEqual(names);
  });

  it('leave nothing behind when one of them fails', async () => {
    const broken = [{ name: '9999_break_things', sql: 'CREATE TABLE half_done (id int); SELECT no_such_function();' }];
    await expect(migrate(testDatabase.database, broken)).rejects.toThrow();
    const tables = await queryRows(
      testDatabase.database.db,
      sql`SELECT 1 FROM pg_tables WHERE tablename = 'half_done'`,
    );
    expect(tables).toEqual([]);
    expect(await migrate(testDatabase.database)).toEqual([]);
  });

  it('create exactly the columns the typed schema expects', async () => {
    const tables = await tableDefinitions();
    expect(tables.map((table) => getTableConfig(table).name)).toContain('users');
    for (const table of tables) {
      const config = getTableConfig(table);
      const rows = await queryRows<{ column_name: string }>(
        testDatabase.database.db,
        sql`SELECT column_name FROM information_schema.columns WHERE table_name = ${config.name} AND table_schema = current_schema()`,
      );
      expect(rows.map((row) => row.column_name).sort(), config.name).toEqual(
        config.columns.map((column) => column.name).sort(),
      );
    }
  });
});
