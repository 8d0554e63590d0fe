import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { idTextSchema, moneyTextSchema, pageQuerySchema, pageSchema } from '../envelope.js';
import { OperatorArea, OrderStatus, RoleKey, VerifiedStatus } from '../enums.js';
import { operatorReasonSchema } from '../validation.js';
import { listApplications } from './applications.js';
import { listOrders } from './recharge.js';
import { listLedger } from './wallet.js';

/** The roles an operator grants and revokes here; `admin` is the operators' grant, `user` every account's. */
export const DeskRole = z.enum(['education', 'kol', 'creator'], { error: 'validation.usersDesk.role' });
export const AccountState = z.enum(['active', 'locked']);

const userParams = z.object({ userId: idTextSchema });

/** One account in the desk's table: phone and e-mail masked as everywhere else. */
const userRowSchema = z.object({
  userId: z.string(),
  nickName: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
  realNameVerified: z.boolean(),
  roles: z.array(RoleKey.schema),
  state: AccountState,
});

export const searchUsers = defineEndpoint({
  id: 'searchUsers',
  method: 'GET',
  path: '/admin/support/users',
  auth: 'user',
  operator: 'support',
  summary:
    'Operators: accounts, newest first, found by id, phone or e-mail (whole or its beginning) or a part of the ' +
    'nickname, optionally of one role or state',
  tag: 'admin',
  query: pageQuerySchema.extend({
    q: z.string().trim().max(100, { error: 'validation.usersDesk.q' }).optional(),
    role: z.enum(RoleKey.values, { error: 'validation.usersDesk.role' }).optional(),
    state: z.enum(AccountState.options, { error: 'validation.usersDesk.state' }).optional(),
  }),
  data: pageSchema(userRowSchema),
});

export const getUserDetail = defineEndpoint({
  id: 'getUserDetail',
  method: 'GET',
  path: '/admin/support/users/:userId',
  auth: 'user',
  operator: 'support',
  summary:
    'Operators: an account with its wallet, real-name state (name and ID number masked), roles, operator areas and ' +
    'lock',
  tag: 'admin',
  params: userParams,
  data: z.object({
    user: userRowSchema.extend({
      vipGrade: z.number().int(),
      wechatBound: z.boolean(),
      lockedAt: z.string().nullable(),
      lockedReason: z.string().nullable(),
    }),
    wallet: z.object({
      balance: moneyTextSchema,
      voucher: moneyTextSchema,
      earnings: moneyTextSchema,
      held: moneyTextSchema,
    }),
    realName: z.object({
      status: VerifiedStatus.schema,
      realName: z.string().nullable(),
      idCard: z.string().nullable(),
      verifiedAt: z.string().nullable(),
    }),
    operatorAreas: z.array(OperatorArea.schema),
  }),
});

export const listUserLedger = defineEndpoint({
  id: 'listUserLedger',
  method: 'GET',
  path: '/admin/support/users/:userId/ledger',
  auth: 'user',
  operator: 'support',
  summary: "Operators: an account's ledger entries, newest first, with the user's own filters",
  tag: 'admin',
  params: userParams,
  query: listLedger.query,
  data: listLedger.data,
});

export const listUserOrders = defineEndpoint({
  id: 'listUserOrders',
  method: 'GET',
  path: '/admin/support/users/:userId/orders',
  auth: 'user',
  operator: 'support',
  summary: "Operators: an account's recharge and application orders, newest first, optionally of one status",
  tag: 'admin',
  params: userParams,
  query: pageQuerySchema.extend({ status: OrderStatus.schema.optional() }),
  data: listOrders.data,
});

export const listUserApplications = defineEndpoint({
  id: 'listUserApplications',
  method: 'GET',
  path: '/admin/support/users/:userId/applications',
  auth: 'user',
  operator: 'support',
  summary: "Operators: an account's applications as the user sees them, optionally of one status",
  tag: 'admin',
  params: userParams,
  query: listApplications.query,
  data: listApplications.data,
});

export const changeUserRole = defineEndpoint({
  id: 'changeUserRole',
  method: 'POST',
  path: '/admin/admin/users/:userId/roles',
  auth: 'user',
  operator: 'admin',
  summary:
    'Operators: grants or revokes an education, KOL or creator role (409 when the account already holds it, or does ' +
    'not); the product reads it at once',
  tag: 'admin',
  params: userParams,
  body: z.object({
    role: DeskRole,
    change: z.enum(['grant', 'revoke'], { error: 'validation.usersDesk.change' }),
    reason: operatorReasonSchema,
  }),
  data: z.object({ userId: z.string(), roles: z.array(RoleKey.schema) }),
});

const lockChange = {
  auth: 'user',
  operator: 'support',
  tag: 'admin',
  params: userParams,
  body: z.object({ reason: operatorReasonSchema }),
  data: z.object({ userId: z.string(), state: AccountState }),
} as const;

export const lockUser = defineEndpoint({
  id: 'lockUser',
  method: 'POST',
  path: '/admin/support/users/:userId/lock',
  summary: 'Operators: locks an account (409 when locked already): its sessions end and every login is refused',
  ...lockChange,
});

export const unlockUser = defineEndpoint({
  id: 'unlockUser',
  method: 'POST',
  path: '/admin/support/users/:userId/unlock',
  summary: 'Operators: unlocks a locked account (409 when it is not locked), which may log in again',
  ...lockChange,
});
