import { pageQuerySchema } from '@suanli/contract';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client.js';
import { paged, pageWindow } from '../../src/db/paging.js';
import { queryRows } from '../../src/db/sql.js';
import { createScratchTables, insertItems, scratchItems } from '../helpers/scratch-tables.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.js';

let testDatabase: TestDatabase;
let db: Db;
beforeAll(async () => {
  testDatabase = await createTestDatabase();
  db = testDatabase.database.db;
  await createScratchTables(db);
  await insertItems(db, { count: 23, ownerId: 1n, prefix: 'mine' });
  await insertItems(db, { count: 5, ownerId: 2n, prefix: 'theirs' });
});
afterAll(() => testDatabase.drop());

const mine = eq(scratchItems.ownerId, 1n);

function listMine(query: Record<string, string>) {
  return paged(pageQuerySchema.parse(query), {
    rows: async ({ limit, offset }) =>
      (
        await db
          .select({ label: scratchItems.label })
          .from(scratchItems)
          .where(mine)
          .orderBy(asc(scratchItems.id))
          .limit(limit)
          .offset(offset)
      ).map((row) => row.label),
    total: () => db.$count(scratchItems, mine),
  });
}

describe('paged', () => {
  it('answers the first 10 rows and the total when no page is asked for', async () => {
    const page = await listMine({});
    expect(page.total).toBe(23);
    expect(page.rows).toEqual(Array.from({ length: 10 }, (_, index) => `mine-${index + 1}`));
  });

  it('answers the last, partial page and an empty page past the end, with the true total', async () => {
    expect(await listMine({ pageNum: '3', pageSize: '10' })).toEqual({
      rows: ['mine-21', 'mine-22', 'mine-23'],
      total: 23,
    });
    expect(await listMine({ pageNum: '9', pageSize: '5' })).toEqual({ rows: [], total: 23 });
  });

  it('refuses a page size over 100 and a page number under 1, as the contract declares', () => {
    expect(pageQuerySchema.safeParse({ pageSize: '101' }).success).toBe(false);
    expect(pageQuerySchema.safeParse({ pageNum: '0' }).success).toBe(false);
    expect(pageWindow({ pageNum: 4, pageSize: 25 })).toEqual({ limit: 25, offset: 75 });
  });

  it('takes a raw count as either engine returns it, bigint or text', async () => {
    const page = await paged(
      { pageNum: 2, pageSize: 2 },
      {
        rows: ({ limit, offset }) =>
          queryRows<{ label: string }>(
            db,
            sql`SELECT label FROM scratch_items WHERE owner_id = 2 ORDER BY id LIMIT ${limit} OFFSET ${offset}`,
          ),
        total: async () =>
          (
            await queryRows<{ n: bigint | string }>(db, sql`SELECT count(*) AS n FROM scratch_items WHERE owner_id = 2`)
          )[0]!.n,
      },
    );
    expect(page).toEqual({ rows: [{ label: 'theirs-3' }, { label: 'theirs-4' }], total: 5 });
  });
});
