import { dev, users } from '@suanli/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import { route, withMsg } from '../../http/endpoints.js';
import { findUserByAccount, grantRole } from './accounts.queries.js';
import type { avatarService } from './avatar.service.js';
import type { currentUserService } from './current-user.service.js';
import type { profileService } from './profile.service.js';
import type { UsersService } from './users.service.js';

interface UsersRouteServices {
  db: Db;
  /** Development tools (DEV_TOOLS): the role-granting call. */
  devTools: boolean;
  vip: Pick<UsersService, 'getVip'>;
  currentUser: ReturnType<typeof currentUserService>;
  profile: ReturnType<typeof profileService>;
  avatar: ReturnType<typeof avatarService>;
}

export function usersRoutes({ db, devTools, vip, currentUser, profile, avatar }: UsersRouteServices) {
  return async (app: FastifyInstance) => {
    route(app, users.getUserInfo, (_input, { userId, locale }) => currentUser.getCurrentUser(userId, locale));
    route(app, users.getVipInfo, (_input, { userId }) => vip.getVip(userId));
    route(app, users.updateNickName, ({ query }, { userId }) => currentUser.renameUser(userId, query.nickName));
    route(app, users.getAvatarUploadUrl, ({ query }, { userId }) => avatar.createAvatarUpload(userId, query.fileName));
    route(app, users.changeAvatar, ({ query }, { userId }) => avatar.changeAvatar(userId, query.avatar));
    route(app, users.getProfile, (_input, { userId }) => profile.getProfile(userId));
    route(app, users.saveProfile, ({ body }, { userId }) => profile.saveProfile(userId, body));
    route(app, users.checkBenefit, async (_input, { userId }) => {
      const popup = await profile.checkBenefit(userId);
      return popup ? withMsg(1 as const, popup) : withMsg(0 as const, '');
    });
    if (devTools) {
      route(app, dev.grantDevRole, async ({ body }) => {
        const user = await findUserByAccount(db, body.account);
        if (!user) {
          throw new AppError('notFound', { field: 'account' });
        }
        await grantRole(db, user.id, body.role);
        return { userId: String(user.id) };
      });
    }
  };
}
