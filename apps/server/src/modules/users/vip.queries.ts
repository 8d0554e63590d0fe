import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
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

/**
 * The UPDATE that adds growth, for a step of a caller's statement: `crossings` is a subquery of (user_id, yuan), the
 * whole yuan of balance each user's spending just crossed (the wallet counts the spending, so that a thousand charges of
 * 0.01 yuan make exactly 10 points). The grade rises to the highest one the growth reaches and never falls (a grade
 * given otherwise, such as a KOL invitee's VIP1, stays). The SET expressions read the row as it was, and the UPDATE
 * holds its lock to the end of the transaction, so concurrent charges add up.
 */
export function growthUpdate(crossings: SQL): SQL {
  return sql`UPDATE users AS u SET
          growth_value = u.growth_value + c.yuan::int,
          vip_grade = GREATEST(u.vip_grade, coalesce(
            (SELECT max(g.grade) FROM vip_grades g WHERE g.growth_threshold <= u.growth_value + c.yuan), 0))
        FROM (${crossings}) AS c
        WHERE u.id = c.user_id AND c.yuan > 0
        RETURNING u.id`;
}
