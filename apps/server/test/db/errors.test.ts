import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client.js';
import { mapUniqueViolation, sqlState, violatedUniqueConstraint } from '../../src/db/errors.js';
import { AppError } from '../../src/http/app-error.js';
import { createScratchTables } from '../helpers/scratch-tables.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.js';

let testDatabase: TestDatabase;
let db: Db;
beforeAll(async () => {
  testDatabase = await createTestDatabase();
  db = testDatabase.database.db;
  await createScratchTables(db);
  await db.execute(sql`INSERT INTO scratch_items (owner_id, label) VALUES (1, 'taken')`);
});
afterAll(() => testDatabase.drop());

const insertTaken = () => db.execute(sql`INSERT INTO scratch_items (owner_id, label) VALUES (1, 'taken')`);
const labelTaken = () => new AppError('conflict', { messageKey: 'errors.conflict', field: 'label' });

describe('the unique-violation mapper', () => {
  it('turns a race caught by the named index into the service error, in one line', async () => {
    const attempt = insertTaken().catch((error: unknown) =>
      mapUniqueViolation(error, { scratch_items_label_key: labelTaken }),
    );
    await expect(attempt).rejects.toMatchObject({ code: 'conflict', status: 409, options: { field: 'label' } });
  });

  it('rethrows a violation of another constraint, and any other error, untouched', async () => {
    const otherIndex = insertTaken().catch((error: unknown) =>
      mapUniqueViolation(error, { users_phone_key: labelTaken }),
    );
    await expect(otherIndex).rejects.toSatisfy(
      (error) => violatedUniqueConstraint(error) === 'scratch_items_label_key',
    );
    const notUnique = db
      .execute(sql`INSERT INTO scratch_items (owner_id) VALUES (1)`)
      .catch((error: unknown) => mapUniqueViolation(error, { scratch_items_label_key: labelTaken }));
    await expect(notUnique).rejects.toSatisfy(
      (error) => sqlState(error) === '23502' && violatedUniqueConstraint(error) === null,
    );
  });

  it('finds no SQLSTATE in an error that did not come from the database', () => {
    expect(sqlState(new Error('plain'))).toBeNull();
    expect(violatedUniqueConstraint(new AppError('conflict'))).toBeNull();
    expect(() => mapUniqueViolation('not an error', {})).toThrow();
  });
});
