import type { Module, Platform } from '../../platform.js';
import type { UsersService } from '../users/index.js';
import { operatorsAdminService } from './operators.admin.service.js';
import { operatorsRoutes } from './operators.routes.js';
import { operatorsService, type OperatorsService } from './operators.service.js';

export type { GrantActor, OperatorsService } from './operators.service.js';

/**
 * Operators' areas and the audit log (decision 0021). app.ts gives `holds` to the check of every `/api/admin/*` call
 * and `record` to route(), which hands each operator handler its `audit`; `npm run admin` grants and revokes, and so
 * do administrators in the console (decision 0035), which also reads the log.
 */
export function createOperatorsModule({
  config,
  db,
  users,
}: Platform & {
  users: Pick<UsersService, 'findUserByAccount' | 'readPhone' | 'readEmail'>;
}): Module<OperatorsService> {
  const service = operatorsService({ db, users });
  const admin = operatorsAdminService({ db, timeZone: config.runtime.businessTimeZone, users });
  return { service, routes: operatorsRoutes({ service, admin, devTools: config.runtime.devTools }) };
}
