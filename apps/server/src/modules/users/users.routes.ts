import { users } from '@suanli/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { route, withMsg } from '../../http/endpoints.js';
import { createObjectStore } from '../../providers/object-store/index.js';
import { changeAvatar, createAvatarUpload } from './avatar.service.js';
import { getCurrentUser, getVip, renameUser } from './current-user.service.js';
import { checkBenefit, getProfile, saveProfile } from './profile.service.js';

export async function usersRoutes(app: FastifyInstance, { config, db, clock }: AppContext) {
  const store = createObjectStore(config, clock);

  route(app, users.getUserInfo, (_input, { userId, locale }) => getCurrentUser(db, store, userId!, locale));
  route(app, users.getVipInfo, (_input, { userId }) => getVip(db, userId!));
  route(app, users.updateNickName, ({ query }, { userId }) => renameUser(db, userId!, query.nickName));
  route(app, users.getAvatarUploadUrl, ({ query }, { userId }) => createAvatarUpload(store, userId!, query.fileName));
  route(app, users.changeAvatar, ({ query }, { userId, log }) => changeAvatar(db, store, log, userId!, query.avatar));
  route(app, users.getProfile, (_input, { userId }) => getProfile(db, userId!));
  route(app, users.saveProfile, ({ body }, { userId }) => saveProfile(db, clock, userId!, body));
  route(app, users.checkBenefit, async (_input, { userId }) => {
    const popup = await checkBenefit(db, clock, userId!);
    return popup ? withMsg(1 as const, popup) : withMsg(0 as const, '');
  });
}
