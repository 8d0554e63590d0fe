import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';

// The credential columns of users (password, phone, last login) are this module's to write; the users module owns
// the rest of the row and creates it (createAccount).

export async function recordLogin(tx: Db, userId: bigint, now: Date) {
  await tx.update(users).set({ lastLoginAt: now }).where(eq(users.id, userId));
}

export async function readPasswordHash(db: Db, userId: bigint): Promise<string | null> {
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return row?.passwordHash ?? null;
}

export async function setPasswordHash(tx: Db, userId: bigint, passwordHash: string) {
  await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

export async function setPhone(tx: Db, userId: bigint, phone: string) {
  await tx.update(users).set({ phone }).where(eq(users.id, userId));
}
