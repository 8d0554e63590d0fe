import type { Module, Platform } from '../../platform.js';
import type { NoticesService } from '../notices/index.js';
import type { UsersService } from '../users/index.js';
import type { WalletService } from '../wallet/index.js';
import { invitesConsumers } from './invites.consumers.js';
import { inviteJobs } from './invites.jobs.js';
import { invitesRoutes } from './invites.routes.js';
import { invitesService, type InvitesService } from './invites.service.js';

export type { InvitesService } from './invites.service.js';

interface InvitesModuleDependencies extends Platform {
  users: UsersService;
  wallet: WalletService;
  notices: NoticesService;
}

/**
 * Invite rewards (spec §9, docs/decisions/0030): a consumer follows invited friends' milestones, a minute job grants
 * the vouchers they earn their inviters through the wallet, two minutes after each milestone.
 */
export function createInvitesModule({ db, users, wallet, notices }: InvitesModuleDependencies): Module<InvitesService> {
  const service = invitesService({ db, users });
  return {
    service,
    routes: invitesRoutes(service),
    jobs: inviteJobs({ users, wallet, notices }),
    consumers: invitesConsumers,
  };
}
