import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import type { UserId } from '../../db/ids.js';
import { queryRows } from '../../db/sql.js';
import { users, vipGrades } from './users.tables.js';

const NO_DISCOUNT = 10_000;
const UNITS_PER_YUAN = 10_000n;

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

/**
 * The UPDATE that counts balance spent towards growth, for the users the subquery `userIds` names: growth moves by the
 * whole yuan the counter crosses, so a thousand charges of 0.01 yuan make exactly 10 points; the grade rises to the
 * highest one the growth reaches and never falls (a grade given otherwise, such as a KOL invitee's VIP1, stays). The SET
 * expressions read the row as it was, and the UPDATE holds its lock to the end of the transaction, so concurrent
 * charges add up. A statement of its own, or a step of a caller's statement (a charge folds it into its posting).
 */
export function consumptionUpdate(userIds: SQL, units: bigint): SQL {
  const crossed = sql`((u.consumption_units + ${units}) / ${UNITS_PER_YUAN} - u.consumption_units / ${UNITS_PER_YUAN})`;
  return sql`UPDATE users AS u SET
          consumption_units = u.consumption_units + ${units},
          growth_value = u.growth_value + ${crossed}::int,
          vip_grade = GREATEST(u.vip_grade, coalesce(
            (SELECT max(g.grade) FROM vip_grades g WHERE g.growth_threshold <= u.growth_value + ${crossed}), 0))
        WHERE u.id IN (${userIds})
        RETURNING u.vip_grade, u.growth_value`;
}

export async function addConsumption(tx: Tx, { userId, units }: { userId: UserId; units: bigint }) {
  const [row] = await queryRows<{ vip_grade: number; growth_value: number }>(
    tx,
    consumptionUpdate(sql`${userId}`, units),
  );
  return row ? { vipGrade: Number(row.vip_grade), growthValue: Number(row.growth_value) } : null;
}
