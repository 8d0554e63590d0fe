import type { Module, Platform } from '../../platform.js';
import type { UsersService } from '../users/index.js';
import { operatorsDevRoutes } from './operators.routes.js';
import { operatorsService, type OperatorsService } from './operators.service.js';

export type { GrantActor, OperatorsService } from './operators.service.js';

/**
 * Operators' areas and the audit log (decision 0021). app.ts gives `holds` to the check of every `/api/admin/*` call
 * and `record` to route(), which hands each operator handler its `audit`; `npm run admin` grants and revokes.
 */
export function createOperatorsModule({
  config,
  db,
  users,
}: Platform & {
  users: Pick<UsersService, 'findUserByAccount' | 'readPhone' | 'readEmail'>;
}): Module<OperatorsService> {
  const service = operatorsService({ db, users });
  return { service, ...(config.runtime.devTools ? { routes: operatorsDevRoutes(service) } : {}) };
}
