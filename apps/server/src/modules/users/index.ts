import type { ObjectStore } from '../../providers/object-store/types.js';
import type { Module, Platform } from '../../platform.js';
import type { NoticesService } from '../notices/index.js';
import { avatarService } from './avatar.service.js';
import { currentUserService } from './current-user.service.js';
import { profileService } from './profile.service.js';
import { rolePermissionsMemory } from './role-permissions.js';
import { usersRoutes } from './users.routes.js';
import { usersService, type UsersService } from './users.service.js';
import { vipConsumers } from './vip.consumers.js';

export type { NewAccount, UsersService } from './users.service.js';
export type { AccountRow } from './users.admin.service.js';
export type { WechatBinding } from './accounts.queries.js';
export { matchesImageType, SIGNATURE_BYTES } from './image-signature.js';

interface UsersDependencies extends Platform {
  notices: NoticesService;
  objectStore: ObjectStore;
}

/** Accounts, roles, profiles and avatars; the owner of the users table and its columns. */
export function createUsersModule({
  config,
  db,
  clock,
  log,
  listen,
  notices,
  objectStore,
}: UsersDependencies): Module<UsersService> {
  const permissions = rolePermissionsMemory({ db, listen });
  const service = usersService({ db, clock, notices });
  const routes = usersRoutes({
    db,
    vip: service,
    devTools: config.runtime.devTools,
    currentUser: currentUserService({ db, store: objectStore, permissions }),
    profile: profileService({ db, clock }),
    avatar: avatarService({ db, store: objectStore, log }),
  });
  return { service, routes, consumers: vipConsumers, close: permissions.close };
}
