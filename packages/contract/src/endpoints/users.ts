import { z } from 'zod';
import { RoleKey, VerifiedStatus } from '../enums.js';
import { defineEndpoint } from '../endpoint.js';
import { PERMISSION_ACTIONS, PERMISSION_IDS, profileSchema } from '../profile.js';

const vipSchema = z.object({
  vipGrade: z.number().int().min(0),
  growthValue: z.number().int().min(0),
  /** Growth the next grade starts at (300, 3000, 10000 as seeded); the top grade's own at the top. */
  growthTarget: z.number().int(),
  /** GPU price discount of the grade in basis points (10000 = none). */
  discountBasisPoints: z.number().int(),
});

export const currentUserSchema = z.object({
  userId: z.string(),
  nickName: z.string(),
  avatarUrl: z.string().nullable(),
  /** Masked: 138****0000, d***@example.com. */
  phone: z.string().nullable(),
  email: z.string().nullable(),
  roles: z.array(z.object({ roleKey: RoleKey.schema, roleName: z.string() })),
  education: z.boolean(),
  permissions: z.array(
    z.object({ permissionId: z.enum(PERMISSION_IDS), actionList: z.array(z.enum(PERMISSION_ACTIONS)) }),
  ),
  vip: vipSchema,
  invitationCode: z.string(),
  hasPassword: z.boolean(),
  wechatBound: z.boolean(),
  verifiedStatus: VerifiedStatus.schema,
  createTime: z.string(),
});
export type CurrentUser = z.output<typeof currentUserSchema>;

export const getUserInfo = defineEndpoint({
  id: 'getUserInfo',
  method: 'GET',
  path: '/auth/user/getUserInfo',
  auth: 'user',
  summary: 'The current user: profile, roles, permissions, VIP grade and growth',
  tag: 'users',
  data: currentUserSchema,
});

export const getVipInfo = defineEndpoint({
  id: 'getVipInfo',
  method: 'GET',
  path: '/recharge/vip/selectVip',
  auth: 'user',
  summary: "The current user's VIP grade, growth value, next target and discount, with the table of grades",
  tag: 'users',
  data: vipSchema.extend({
    /** The configured grades: the growth each starts at and its GPU price discount in basis points. */
    grades: z.array(
      z.object({ grade: z.number().int(), growthThreshold: z.number().int(), discountBasisPoints: z.number().int() }),
    ),
  }),
});

export const updateNickName = defineEndpoint({
  id: 'updateNickName',
  method: 'PUT',
  path: '/auth/user/updateNickName',
  auth: 'user',
  summary: 'Rename the current user (1 to 20 characters)',
  tag: 'users',
  query: z.object({
    nickName: z.string().trim().min(1, { error: 'validation.nickName' }).max(20, { error: 'validation.nickName' }),
  }),
  data: z.object({ nickName: z.string() }),
});

export const getAvatarUploadUrl = defineEndpoint({
  id: 'getAvatarUploadUrl',
  method: 'GET',
  path: '/file/getAvatarPreSignedUploadUrl',
  auth: 'user',
  summary: 'A signed URL to PUT an avatar image to (PNG, JPEG, WebP or GIF, at most 2 MB, valid 10 minutes)',
  tag: 'users',
  query: z.object({
    fileName: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .regex(/\.(png|jpe?g|webp|gif)$/i, { error: 'validation.avatarType' }),
  }),
  data: z.object({
    url: z.string(),
    key: z.string(),
    method: z.literal('PUT'),
    expiresAt: z.string(),
    maxBytes: z.number().int(),
  }),
});

export const changeAvatar = defineEndpoint({
  id: 'changeAvatar',
  method: 'GET',
  path: '/system/user/changeAvatar',
  auth: 'user',
  summary: 'Use an uploaded object (from getAvatarPreSignedUploadUrl) as the avatar',
  tag: 'users',
  query: z.object({ avatar: z.string().trim().min(1).max(300) }),
  data: z.object({ avatarUrl: z.string() }),
});

export const getProfile = defineEndpoint({
  id: 'getProfile',
  method: 'GET',
  path: '/auth/user/selectUser',
  auth: 'user',
  summary: 'Profile information (fixed option lists of spec §3); every field null until saved',
  tag: 'users',
  data: profileSchema,
});

export const saveProfile = defineEndpoint({
  id: 'saveProfile',
  method: 'POST',
  path: '/auth/user/createUserInfo',
  auth: 'user',
  summary: 'Save profile information',
  tag: 'users',
  body: profileSchema,
  data: profileSchema,
});

export const checkBenefit = defineEndpoint({
  id: 'checkBenefit',
  method: 'GET',
  path: '/auth/user/checkBenefit',
  auth: 'user',
  summary:
    'Whether to show a benefit popup now: data 1 with msg 10 (new-user recharge) or 20 (invited-user gift), else 0',
  tag: 'users',
  data: z.union([z.literal(0), z.literal(1)]),
});
