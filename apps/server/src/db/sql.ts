import type { SQL } from 'drizzle-orm';
import type { Db } from './client.js';

/** Raw SQL through drizzle on either engine: both drivers answer `{ rows }`, which is all we rely on. */
export async function queryRows<Row>(db: Db, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}
