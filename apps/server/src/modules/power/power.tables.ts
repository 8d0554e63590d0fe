import type { Money, PowerPackage, PowerPointEntryKind } from '@suanli/contract';
import { bigint, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { at, byDatabase, id, userIdColumn } from '../../db/columns.js';

const money = (name: string) => bigint(name, { mode: 'bigint' }).$type<Money>();
const points = (name: string) => bigint(name, { mode: 'bigint' });

/** The packages on sale (migration 0016): seeded, and changed by operators, never by a request. */
export const powerPackagePlans = pgTable('power_package_plans', {
  package: text('package').$type<PowerPackage>().primaryKey(),
  monthlyPrice: money('monthly_price').notNull(),
  monthlyPoints: points('monthly_points').notNull(),
  position: integer('position').notNull(),
});

/** The lengths a package is sold for, with their discount in basis points. */
export const powerPackageTerms = pgTable('power_package_terms', {
  months: integer('months').primaryKey(),
  discountBasisPoints: integer('discount_basis_points').notNull(),
});

export const powerPackages = pgTable('power_packages', {
  id: id().primaryKey().generatedAlwaysAsIdentity(),
  orderNo: text('order_no').notNull().unique(),
  userId: userIdColumn(),
  package: text('package').$type<PowerPackage>().notNull(),
  months: integer('months').notNull(),
  monthlyPoints: points('monthly_points').notNull(),
  price: money('price').notNull(),
  monthsIssued: integer('months_issued').notNull().default(byDatabase),
  purchasedAt: at('purchased_at').notNull(),
  nextIssueAt: at('next_issue_at'),
  endsAt: at('ends_at').notNull(),
});

export const powerPointLots = pgTable('power_point_lots', {
  id: id().primaryKey().generatedAlwaysAsIdentity(),
  userId: userIdColumn(),
  orderNo: text('order_no').notNull(),
  packageId: id('package_id'),
  packageMonth: integer('package_month'),
  points: points('points').notNull(),
  remaining: points('remaining').notNull(),
  issuedAt: at('issued_at').notNull(),
  expiresAt: at('expires_at').notNull(),
  expiredAt: at('expired_at'),
});

export const powerPointEntries = pgTable('power_point_entries', {
  id: id().primaryKey().generatedAlwaysAsIdentity(),
  userId: userIdColumn(),
  kind: text('kind').$type<PowerPointEntryKind>().notNull(),
  points: points('points').notNull(),
  orderNo: text('order_no').notNull(),
  lotId: id('lot_id'),
  createdAt: at('created_at').notNull(),
});

/** What each spend drew from each lot, in order (migration 0052): what is returned goes back to those lots. */
export const powerPointDraws = pgTable('power_point_draws', {
  id: id().primaryKey().generatedAlwaysAsIdentity(),
  userId: userIdColumn(),
  reference: text('reference').notNull(),
  lotId: id('lot_id').notNull(),
  points: points('points').notNull(),
  drawnAt: at('drawn_at').notNull(),
});
