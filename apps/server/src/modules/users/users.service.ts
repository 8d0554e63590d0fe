import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { userRoles, users } from '../../db/schema.js';
import { notifyUser } from '../notices/index.js';

export interface NewAccount {
  phone?: string;
  email?: string;
  passwordHash?: string | null;
  nickName?: string;
  /** The invitation code the new user arrived with; an unknown code is ignored, never an error. */
  invitationCode?: string;
  wechat?: { openId: string; nickName: string | null; at: Date };
}

function defaultNickName(account: NewAccount): string {
  if (account.wechat?.nickName) {
    return account.wechat.nickName;
  }
  if (account.phone) {
    return `用户${account.phone.slice(-4)}`;
  }
  return account.email?.split('@')[0]?.slice(0, 20) ?? '用户';
}

/**
 * Creates a user with the `user` role and a welcome notice, recording who invited whom (spec §9 invite rewards build
 * on it). Run it in the transaction that consumes the one-time code, so a failed registration leaves no half account
 * behind.
 */
export async function createAccount(tx: Db, account: NewAccount): Promise<bigint> {
  const inviter = account.invitationCode
    ? await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(users.invitationCode, account.invitationCode.toUpperCase()))
    : [];
  const [row] = await tx
    .insert(users)
    .values({
      nickName: account.nickName ?? defaultNickName(account),
      phone: account.phone ?? null,
      email: account.email?.toLowerCase() ?? null,
      passwordHash: account.passwordHash ?? null,
      inviterId: inviter[0]?.id ?? null,
      wechatOpenId: account.wechat?.openId ?? null,
      wechatNickName: account.wechat?.nickName ?? null,
      wechatBoundAt: account.wechat?.at ?? null,
    })
    .returning({ id: users.id });
  await tx.insert(userRoles).values({ userId: row!.id, roleKey: 'user' });
  await notifyUser(tx, row!.id, 'welcome', {});
  return row!.id;
}

/** Finds a user by phone or e-mail (case-insensitive), the way every login form names an account. */
export async function findUserByAccount(db: Db, account: string) {
  const normalized = account.trim().toLowerCase();
  const [row] = await db
    .select({ id: users.id, passwordHash: users.passwordHash, phone: users.phone, email: users.email })
    .from(users)
    .where(sql`${users.phone} = ${normalized} OR ${users.email} = ${normalized}`);
  return row ?? null;
}
