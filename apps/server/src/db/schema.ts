import { sql } from 'drizzle-orm';
import { bigint, boolean, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Drizzle's view of the tables, for typed queries. The migrations folder is the source of truth for the database;
 * a test compares the two so they cannot drift.
 */
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const id = (name = 'id') => bigint(name, { mode: 'bigint' });
// Columns the database fills from its own DEFAULT (see the migrations); drizzle sends DEFAULT when they are omitted.
const byDatabase = sql`DEFAULT`;
const userRef = () =>
  id('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

export const jobRuns = pgTable(
  'job_runs',
  {
    job: text('job').notNull(),
    period: text('period').notNull(),
    status: text('status', { enum: ['running', 'done'] }).notNull(),
    owner: text('owner').notNull(),
    attempts: integer('attempts').notNull(),
    leaseExpiresAt: at('lease_expires_at').notNull(),
    startedAt: at('started_at').notNull(),
    finishedAt: at('finished_at'),
    lastError: text('last_error'),
  },
  (table) => [primaryKey({ columns: [table.job, table.period] })],
);

export const users = pgTable('users', {
  id: id().primaryKey().generatedAlwaysAsIdentity(),
  nickName: text('nick_name').notNull(),
  phone: text('phone').unique(),
  email: text('email').unique(),
  realNameVerifiedAt: at('real_name_verified_at'),
  createdAt: at('created_at').notNull().defaultNow(),
  passwordHash: text('password_hash'),
  invitationCode: text('invitation_code').notNull().default(byDatabase),
  inviterId: id('inviter_id'),
  avatarKey: text('avatar_key'),
  vipGrade: integer('vip_grade').notNull().default(0),
  growthValue: integer('growth_value').notNull().default(0),
  wechatOpenId: text('wechat_open_id').unique(),
  wechatNickName: text('wechat_nick_name'),
  wechatBoundAt: at('wechat_bound_at'),
  lastLoginAt: at('last_login_at'),
});

export const sessions = pgTable('sessions', {
  id: id().primaryKey().generatedAlwaysAsIdentity(),
  userId: userRef(),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: at('created_at').notNull(),
  lastSeenAt: at('last_seen_at').notNull(),
  expiresAt: at('expires_at').notNull(),
  absoluteExpiresAt: at('absolute_expires_at').notNull(),
  revokedAt: at('revoked_at'),
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
  { userId: userRef(), roleKey: text('role_key').notNull(), grantedAt: at('granted_at').notNull().defaultNow() },
  (table) => [primaryKey({ columns: [table.userId, table.roleKey] })],
);

export const userProfiles = pgTable('user_profiles', {
  userId: userRef().primaryKey(),
  education: text('education'),
  region: text('region'),
  enterpriseName: text('enterprise_name'),
  industry: text('industry'),
  profession: text('profession'),
  researchDirection: text('research_direction'),
  mainBusiness: text('main_business'),
  updatedAt: at('updated_at').notNull(),
});

export const captchas = pgTable('captchas', {
  id: uuid('id').primaryKey(),
  answerHash: text('answer_hash').notNull(),
  expiresAt: at('expires_at').notNull(),
  usedAt: at('used_at'),
});

export const verificationCodes = pgTable('verification_codes', {
  id: id().primaryKey().generatedAlwaysAsIdentity(),
  channel: text('channel', { enum: ['sms', 'email'] }).notNull(),
  target: text('target').notNull(),
  purpose: text('purpose').notNull(),
  codeHash: text('code_hash').notNull(),
  ip: text('ip').notNull(),
  createdAt: at('created_at').notNull(),
  expiresAt: at('expires_at').notNull(),
  failedAttempts: integer('failed_attempts').notNull().default(0),
  consumedAt: at('consumed_at'),
});

export const outboxMessages = pgTable('outbox_messages', {
  id: id().primaryKey().generatedAlwaysAsIdentity(),
  channel: text('channel', { enum: ['sms', 'email'] }).notNull(),
  recipient: text('recipient').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  code: text('code'),
  createdAt: at('created_at').notNull().defaultNow(),
});

export const rateCounters = pgTable(
  'rate_counters',
  { bucket: text('bucket').notNull(), windowStart: at('window_start').notNull(), hits: integer('hits').notNull() },
  (table) => [primaryKey({ columns: [table.bucket, table.windowStart] })],
);

export const wechatScenes = pgTable('wechat_scenes', {
  sceneStr: text('scene_str').primaryKey(),
  purpose: text('purpose', { enum: ['login', 'bind'] }).notNull(),
  userId: id('user_id'),
  status: text('status', { enum: ['pending', 'scanned', 'consumed'] }).notNull(),
  openId: text('open_id'),
  wechatNickName: text('wechat_nick_name'),
  createdAt: at('created_at').notNull(),
  expiresAt: at('expires_at').notNull(),
  scannedAt: at('scanned_at'),
  consumedAt: at('consumed_at'),
});

export const realNameRecords = pgTable('real_name_records', {
  userId: userRef().primaryKey(),
  realNameEncrypted: text('real_name_encrypted').notNull(),
  idNumberEncrypted: text('id_number_encrypted').notNull(),
  idNumberHash: text('id_number_hash').notNull().unique(),
  provider: text('provider').notNull(),
  verifiedAt: at('verified_at').notNull(),
});

export const realNameAttempts = pgTable('real_name_attempts', {
  id: id().primaryKey().generatedAlwaysAsIdentity(),
  userId: userRef(),
  attemptedAt: at('attempted_at').notNull(),
  succeeded: boolean('succeeded').notNull(),
});

export const informs = pgTable('informs', {
  id: id().primaryKey().generatedAlwaysAsIdentity(),
  userId: userRef(),
  kind: text('kind').notNull(),
  params: jsonb('params').$type<Record<string, string | number>>().notNull().default({}),
  createdAt: at('created_at').notNull(),
  readAt: at('read_at'),
  deletedAt: at('deleted_at'),
});

export const notices = pgTable('notices', {
  id: id().primaryKey().generatedAlwaysAsIdentity(),
  titleZh: text('title_zh').notNull(),
  titleEn: text('title_en').notNull(),
  contentZh: text('content_zh').notNull(),
  contentEn: text('content_en').notNull(),
  publishedAt: at('published_at').notNull(),
});

export const noticeReads = pgTable(
  'notice_reads',
  {
    userId: userRef(),
    noticeId: id('notice_id').notNull(),
    readAt: at('read_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.noticeId] })],
);

export const benefitPopups = pgTable(
  'benefit_popups',
  { userId: userRef(), popupType: text('popup_type').notNull(), shownAt: at('shown_at').notNull() },
  (table) => [primaryKey({ columns: [table.userId, table.popupType] })],
);
