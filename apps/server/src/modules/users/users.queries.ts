import type { Executor } from '../../db/client.js';
import { users } from '../../db/schema.js';

export async function insertUser(db: Executor, values: { nickName: string; phone?: string; email?: string }) {
  const [row] = await db.insert(users).values(values).returning({ id: users.id });
  return row!.id;
}
