import type { Db, Tx } from '../../db/client.js';
import type { UserId } from '../../db/ids.js';
import { AppError } from '../../http/app-error.js';
import { findVipGrades, findVipRow, setVipDiscount } from './vip.queries.js';

const NO_DISCOUNT = 10_000;

/** VIP grades (spec §3, §6, §9): growth from balance spent, and each grade's GPU price discount, as configured. */
export function vipService({ db }: { db: Db }) {
  return {
    /** The selectVip answer; getUserInfo's `vip` reads the same columns (vip.queries.ts `vipColumns`). */
    async getVip(userId: UserId) {
      const [row, grades] = await Promise.all([findVipRow(db, userId), findVipGrades(db)]);
      if (!row) {
        throw new AppError('notFound');
      }
      return { ...row, grades };
    },

    /** Every grade, the growth it starts at and its GPU price discount, for the operators' price desk. */
    vipGrades: (executor: Db = db) => findVipGrades(executor),

    /** An operator's change of a grade's discount, compare-and-set on the one read (the caller audits it). */
    setVipDiscount: (tx: Tx, grade: { grade: number; from: number }, to: number) => setVipDiscount(tx, grade, to),

    /** The user's grade and GPU price discount in basis points (9800 = 98 %), for pricing; none for an unknown user. */
    async vipDiscount(userId: UserId): Promise<{ vipGrade: number; discountBasisPoints: number }> {
      const row = await findVipRow(db, userId);
      return { vipGrade: row?.vipGrade ?? 0, discountBasisPoints: row?.discountBasisPoints ?? NO_DISCOUNT };
    },
  };
}
