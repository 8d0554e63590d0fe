import { formatMoney, money, type PageQuery } from '@suanli/contract';
import type { Db } from '../../db/client.js';
import type { UserId } from '../../db/ids.js';
import { paged } from '../../db/paging.js';
import type { UsersService } from '../users/index.js';
import { countInvited, grantedTotal, invitedRows } from './invites.queries.js';

interface InvitesDependencies {
  db: Db;
  users: Pick<UsersService, 'findInvitationCode' | 'findNickNames'>;
}

/** The invite page (spec §2 /userEncourage): the caller's code, and the friends it brought with their rewards. */
export function invitesService({ db, users }: InvitesDependencies) {
  return {
    async getInvitationCode(userId: UserId) {
      return { invitationCode: (await users.findInvitationCode(db, userId)) ?? '' };
    },

    async listInvited(userId: UserId, page: PageQuery) {
      const result = await paged(page, {
        rows: (window) => invitedRows(db, { userId, page: window }),
        total: () => countInvited(db, userId),
      });
      const names = await users.findNickNames(
        db,
        result.rows.map((row) => row.inviteeId),
      );
      return {
        total: result.total,
        totalAmount: formatMoney(await grantedTotal(db, userId)),
        rows: result.rows.map((row) => ({
          id: String(row.inviteeId),
          nickName: names.get(row.inviteeId) ?? '',
          registerTime: row.registeredAt.toISOString(),
          rewardTime: row.rewardedAt,
          amount: formatMoney(money(BigInt(row.amount))),
          awaitingVerification: row.awaitingVerification,
        })),
      };
    },
  };
}

export type InvitesService = ReturnType<typeof invitesService>;
