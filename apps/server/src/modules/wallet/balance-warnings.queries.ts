import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import type { UserId } from '../../db/ids.js';
import { idSet } from '../../db/sql.js';
import { balanceWarnings, type WarningLevel } from './balance-warnings.tables.js';

/** The warning each user was last given; absent when none stands. */
export async function findWarningLevels(tx: Tx, userIds: readonly UserId[]): Promise<Map<UserId, WarningLevel>> {
  if (userIds.length === 0) {
    return new Map();
  }
  const rows = await tx
    .select({ userId: balanceWarnings.userId, level: balanceWarnings.level })
    .from(balanceWarnings)
    .where(sql`${balanceWarnings.userId} IN ${idSet(userIds)}`);
  return new Map(rows.map((row) => [row.userId, row.level]));
}

export async function setWarningLevel(tx: Tx, userId: UserId, warning: { level: WarningLevel | null; at: Date }) {
  const { level, at } = warning;
  if (level === null) {
    await tx.delete(balanceWarnings).where(eq(balanceWarnings.userId, userId));
    return;
  }
  await tx
    .insert(balanceWarnings)
    .values({ userId, level, warnedAt: at })
    .onConflictDoUpdate({ target: balanceWarnings.userId, set: { level, warnedAt: at } });
}
