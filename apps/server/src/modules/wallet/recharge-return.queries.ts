import type { Money } from '@suanli/contract';
import { and, asc, desc, eq, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rechargeReturnTiers } from './vouchers.tables.js';

/** The recharge-return tiers in force, lowest first. */
export function activeTiers(db: Db) {
  return db
    .select()
    .from(rechargeReturnTiers)
    .where(eq(rechargeReturnTiers.active, true))
    .orderBy(asc(rechargeReturnTiers.threshold));
}

/** The highest active tier a recharge of this amount reaches, or null. */
export async function bestTier(db: Db, amount: Money) {
  const [tier] = await db
    .select()
    .from(rechargeReturnTiers)
    .where(and(eq(rechargeReturnTiers.active, true), lte(rechargeReturnTiers.threshold, amount)))
    .orderBy(desc(rechargeReturnTiers.threshold))
    .limit(1);
  return tier ?? null;
}
