import {
  PERMISSION_ACTIONS,
  PERMISSION_IDS,
  RoleKey,
  translate,
  VERIFIED_STATUS,
  type EndpointData,
  type Locale,
  type users,
} from '@suanli/contract';
import type { Db } from '../../db/client.js';
import type { UserId } from '../../db/ids.js';
import { AppError } from '../../http/app-error.js';
import { maskEmail, maskPhone } from '../../http/masks.js';
import type { ObjectStore } from '../../providers/object-store/types.js';
import type { PermissionRow, RolePermissions } from './role-permissions.js';
import * as queries from './users.queries.js';

type CurrentUser = EndpointData<typeof users.getUserInfo>;
type PermissionId = (typeof PERMISSION_IDS)[number];
type Action = (typeof PERMISSION_ACTIONS)[number];

const AVATAR_URL_SECONDS = 24 * 60 * 60;

/**
 * A user holding several roles may do what any of them allows (spec §6): actions are united per permission id.
 * Ids and actions the contract does not know are left out, and both lists keep the contract's order.
 */
export function mergePermissions(rows: PermissionRow[]) {
  const merged = new Map<string, Set<string>>();
  for (const row of rows) {
    const actions = merged.get(row.permissionId) ?? new Set<string>();
    row.actions.forEach((action) => actions.add(action));
    merged.set(row.permissionId, actions);
  }
  return PERMISSION_IDS.filter((id) => merged.has(id)).map((permissionId: PermissionId) => ({
    permissionId,
    actionList: PERMISSION_ACTIONS.filter((action: Action) => merged.get(permissionId)!.has(action)),
  }));
}

export async function avatarUrl(store: ObjectStore, avatarKey: string | null): Promise<string | null> {
  return avatarKey ? (await store.presignGet(avatarKey, AVATAR_URL_SECONDS)).url : null;
}

interface CurrentUserDependencies {
  db: Db;
  store: ObjectStore;
  permissions: RolePermissions;
}

async function getCurrentUser(
  { db, store, permissions }: CurrentUserDependencies,
  userId: UserId,
  locale: Locale,
): Promise<CurrentUser> {
  const user = await queries.findCurrentUserRow(db, userId);
  if (!user) {
    throw new AppError('notFound');
  }
  // A role the contract does not know yet is left out rather than failing the response schema.
  const roles = user.roleKeys.flatMap((key) => {
    const parsed = RoleKey.schema.safeParse(key);
    return parsed.success ? [{ roleKey: parsed.data, roleName: translate(locale, `users.roleNames.${key}`) }] : [];
  });
  return {
    userId: String(user.id),
    nickName: user.nickName,
    avatarUrl: await avatarUrl(store, user.avatarKey),
    phone: maskPhone(user.phone),
    email: maskEmail(user.email),
    roles,
    education: roles.some((role) => role.roleKey === 'education'),
    permissions: mergePermissions(await permissions.of(user.roleKeys)),
    vip: {
      vipGrade: user.vipGrade,
      growthValue: user.growthValue,
      growthTarget: user.growthTarget,
      discountBasisPoints: user.discountBasisPoints,
    },
    invitationCode: user.invitationCode,
    hasPassword: user.hasPassword,
    wechatBound: user.wechatBound,
    verifiedStatus: user.realNameVerifiedAt ? VERIFIED_STATUS.verified : VERIFIED_STATUS.notVerified,
    createTime: user.createdAt.toISOString(),
  };
}

/** The signed-in user's own view of their account (getUserInfo, updateNickName). */
export function currentUserService(dependencies: CurrentUserDependencies) {
  const { db } = dependencies;
  return {
    getCurrentUser: (userId: UserId, locale: Locale) => getCurrentUser(dependencies, userId, locale),

    async renameUser(userId: UserId, nickName: string) {
      const saved = await queries.updateNickName(db, userId, nickName);
      if (saved === null) {
        throw new AppError('notFound');
      }
      return { nickName: saved };
    },
  };
}
