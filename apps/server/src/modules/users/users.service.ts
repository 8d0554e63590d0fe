import type { Db, Tx } from '../../db/client.js';
import type { UserId } from '../../db/ids.js';
import { recordEvent } from '../../events/index.js';
import type { Clock } from '../../jobs/clock.js';
import type { NoticesService } from '../notices/index.js';
import * as accounts from './accounts.queries.js';
import { usersAdminService } from './users.admin.service.js';
import { userRoles, users } from './users.tables.js';
import { raiseVipGrade } from './vip.queries.js';
import { vipService } from './vip.service.js';

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
 * The account row and its columns, for the modules that work with them (auth, sessions, WeChat, real-name). Each
 * function takes the caller's executor, so it joins the caller's transaction.
 */
export function usersService({ db, clock, notices }: { db: Db; clock: Clock; notices: NoticesService }) {
  const vip = vipService({ db });
  return {
    ...accounts,
    getVip: vip.getVip,
    vipDiscount: vip.vipDiscount,
    vipGrades: vip.vipGrades,
    setVipDiscount: vip.setVipDiscount,
    raiseVipGrade,
    /** The operators' users desk: search, any account's row, its lock and roles (decision 0036). */
    admin: usersAdminService({ db }),

    /**
     * Creates a user with the `user` role and a welcome notice, recording who invited whom (spec §9 invite rewards
     * build on it). Run it in the transaction that consumes the one-time code, so a failed registration leaves no
     * half account behind.
     */
    async createAccount(tx: Tx, account: NewAccount): Promise<UserId> {
      const inviterId = account.invitationCode
        ? await accounts.findUserIdByInvitationCode(tx, account.invitationCode)
        : null;
      const [row] = await tx
        .insert(users)
        .values({
          nickName: account.nickName ?? defaultNickName(account),
          phone: account.phone ?? null,
          email: account.email?.toLowerCase() ?? null,
          passwordHash: account.passwordHash ?? null,
          inviterId,
          wechatOpenId: account.wechat?.openId ?? null,
          wechatNickName: account.wechat?.nickName ?? null,
          wechatBoundAt: account.wechat?.at ?? null,
        })
        .returning({ id: users.id });
      const userId = row!.id;
      await tx.insert(userRoles).values({ userId, roleKey: 'user' });
      await notices.notifyUser(tx, { userId, kind: 'welcome', params: {} });
      await recordEvent(tx, {
        type: 'user.registered',
        subject: `user:${userId}`,
        payload: { userId: String(userId), inviterId: inviterId === null ? null : String(inviterId) },
        at: clock.now(),
      });
      return userId;
    },

    async isRegistered(db: Db, account: string): Promise<boolean> {
      return (await accounts.findUserByAccount(db, account)) !== null;
    },
  };
}

export type UsersService = ReturnType<typeof usersService>;
