import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { at, byDatabase, id, moneyColumn, userIdColumn } from '../../db/columns.js';
import type { UserId } from '../../db/ids.js';

/** The account row. Other modules read and write its columns only through this module's index.ts. */
export const users = pgTable('users', {
  id: id().$type<UserId>().primaryKey().generatedAlwaysAsIdentity(),
  nickName: text('nick_name').notNull(),
  phone: text('phone').unique(),
  email: text('email').unique(),
  realNameVerifiedAt: at('real_name_verified_at'),
  createdAt: at('created_at').notNull().defaultNow(),
  passwordHash: text('password_hash'),
  invitationCode: text('invitation_code').notNull().default(byDatabase),
  inviterId: id('inviter_id').$type<UserId>(),
  avatarKey: text('avatar_key'),
  vipGrade: integer('vip_grade').notNull().default(0),
  growthValue: integer('growth_value').notNull().default(0),
  /** Balance spent on charges, in money units, as the 'consumption.posted' events said: growth is its whole yuan. */
  consumptionUnits: moneyColumn('consumption_units').notNull().default(byDatabase),
  wechatOpenId: text('wechat_open_id').unique(),
  wechatNickName: text('wechat_nick_name'),
  wechatBoundAt: at('wechat_bound_at'),
  lastLoginAt: at('last_login_at'),
  /** Set while an operator has the account locked (migration 0054): no login opens a session for it. */
  lockedAt: at('locked_at'),
  lockedReason: text('locked_reason'),
});

export const roles = pgTable('roles', {
  roleKey: text('role_key').primaryKey(),
  roleName: text('role_name').notNull(),
});

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleKey: text('role_key').notNull(),
    permissionId: text('permission_id').notNull(),
    actions: text('actions').array().notNull(),
  },
  (table) => [primaryKey({ columns: [table.roleKey, table.permissionId] })],
);

export const userRoles = pgTable(
  'user_roles',
  { userId: userIdColumn(), roleKey: text('role_key').notNull(), grantedAt: at('granted_at').notNull().defaultNow() },
  (table) => [primaryKey({ columns: [table.userId, table.roleKey] })],
);

export const userProfiles = pgTable('user_profiles', {
  userId: userIdColumn().primaryKey(),
  education: text('education'),
  region: text('region'),
  enterpriseName: text('enterprise_name'),
  industry: text('industry'),
  profession: text('profession'),
  researchDirection: text('research_direction'),
  mainBusiness: text('main_business'),
  updatedAt: at('updated_at').notNull(),
});

export const benefitPopups = pgTable(
  'benefit_popups',
  { userId: userIdColumn(), popupType: text('popup_type').notNull(), shownAt: at('shown_at').notNull() },
  (table) => [primaryKey({ columns: [table.userId, table.popupType] })],
);

/** VIP grades as configured (migration 0015): where each starts in growth, and its GPU price discount. */
export const vipGrades = pgTable('vip_grades', {
  grade: integer('grade').primaryKey(),
  growthThreshold: integer('growth_threshold').notNull().unique(),
  discountBasisPoints: integer('discount_basis_points').notNull(),
});
