import { UNITS_PER_YUAN } from '@suanli/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import type { UserId } from '../../db/ids.js';
import { users, vipGrades } from './users.tables.js';

const NO_DISCOUNT = 10_000;

/**
 * What a user's grade gives, read from the configured grades in the query that reads the user (one round trip for
 * the hot getUserInfo): the grade's discount, and the growth the next grade starts at, or the top grade's own at the top.
 */
export const vipColumns = {
  vipGrade: users.vipGrade,
  growthValue: users.growthValue,
  discountBasisPoints: sql<number>`coalesce(
    (SELECT g.discount_basis_points FROM vip_grades g WHERE g.grade = users.vip_grade), ${NO_DISCOUNT})::int`,
  growthTarget: sql<number>`coalesce(
    (SELECT min(g.growth_threshold) FROM vip_grades g WHERE g.grade > users.vip_grade),
    (SELECT max(g.growth_threshold) FROM vip_grades g), 0)::int`,
};

export async function findVipRow(db: Db, userId: UserId) {
  const [row] = await db.select(vipColumns).from(users).where(eq(users.id, userId));
  return row ?? null;
}

export async function findVipGrades(db: Db) {
  return db.select().from(vipGrades).orderBy(asc(vipGrades.grade));
}

/** Compare-and-set on the discount the operator read: false when the grade is unknown or its discount moved. */
export async function setVipDiscount(tx: Tx, { grade, from }: { grade: number; from: number }, to: number) {
  const rows = await tx
    .update(vipGrades)
    .set({ discountBasisPoints: to })
    .where(and(eq(vipGrades.grade, grade), eq(vipGrades.discountBasisPoints, from)))
    .returning({ grade: vipGrades.grade });
  return rows.length === 1;
}

/**
 * Adds balance spent to each user's consumption and the whole yuan it crossed to their growth (so that a thousand
 * charges of 0.01 yuan make exactly 10 points). The grade rises to the highest one the growth reaches and never falls
 * (a grade given otherwise, such as a KOL invitee's VIP1, stays). The SET expressions read the row as it was.
 */
export async function addConsumption(tx: Tx, consumptions: readonly { userId: string; units: string }[]) {
  await tx.execute(sql`WITH spent AS (
      SELECT user_id, sum(units)::bigint AS units
      FROM jsonb_to_recordset(${JSON.stringify(consumptions.map(({ userId, units }) => ({ user_id: userId, units })))}::jsonb)
        AS c (user_id bigint, units bigint)
      GROUP BY user_id),
    crossed AS (
      SELECT s.user_id, s.units,
             ((u.consumption_units + s.units) / ${UNITS_PER_YUAN} - u.consumption_units / ${UNITS_PER_YUAN})::int AS yuan
      FROM spent s JOIN users u ON u.id = s.user_id)
    UPDATE users AS u SET
      consumption_units = u.consumption_units + c.units,
      growth_value = u.growth_value + c.yuan,
      vip_grade = GREATEST(u.vip_grade, coalesce(
        (SELECT max(g.grade) FROM vip_grades g WHERE g.growth_threshold <= u.growth_value + c.yuan), 0))
    FROM crossed c
    WHERE u.id = c.user_id`);
}

/** Raises the user's grade to at least `grade` (a KOL invitee's VIP1); growth raises it further, nothing lowers it. */
export async function raiseVipGrade(tx: Tx, userId: UserId, grade: number) {
  await tx
    .update(users)
    .set({ vipGrade: sql`GREATEST(${users.vipGrade}, ${grade})` })
    .where(eq(users.id, userId));
}
