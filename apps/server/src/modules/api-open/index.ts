import type { Module, Platform } from '../../platform.js';
import type { ApplicationsModuleService } from '../applications/index.js';
import type { AuthService } from '../auth/index.js';
import type { UsersService } from '../users/index.js';
import type { WalletService } from '../wallet/index.js';
import { apiOpenRoutes } from './api-open.routes.js';
import { callsService } from './calls.service.js';
import { credentialsService, type CredentialsService } from './credentials.service.js';
import { gatewayPlugin } from './gateway.js';

/**
 * The API open platform (spec §1, §2 /APIOpen; docs/decisions/0032): users' API keys, and the metered gateway through
 * which a key calls the API link of its owner's running application, each call paid in power points.
 */
export function createApiOpenModule({
  config,
  db,
  clock,
  log,
  listen,
  wallet,
  applications,
  users,
  auth,
}: Platform & {
  wallet: Pick<WalletService, 'settle' | 'returnUnused'>;
  applications: Pick<ApplicationsModuleService, 'apiTarget'>;
  users: Pick<UsersService, 'isLocked'>;
  auth: Pick<AuthService, 'countInWindow'>;
}): Module<CredentialsService> {
  const { pointsPerCall, rateLimitPerMinute, allowanceIdleMs, serverDeadSeconds } = config.gateway;
  const credentials = credentialsService({ db, clock, timeZone: config.runtime.businessTimeZone, listen, users });
  const calls = callsService({
    db,
    clock,
    log,
    wallet,
    pointsPerCall,
    idleMs: allowanceIdleMs,
    deadSeconds: serverDeadSeconds,
  });
  return {
    service: credentials,
    routes: apiOpenRoutes({ credentials, calls, applications, publicUrl: config.http.publicUrl, rateLimitPerMinute }),
    front: gatewayPlugin({
      credentials,
      calls,
      applications,
      rateLimitPerMinute,
      count: auth.countInWindow,
      secure: config.http.publicUrl.startsWith('https:'),
    }),
    jobs: [
      {
        // Any server, whether it serves gateway calls or not: a dead server's blocks never wait for the next call.
        name: 'api-open.return-dead-allowances',
        cadence: 'minute',
        catchUp: 1,
        run: async (tx, { now }) => {
          await calls.housekeep(tx, now);
        },
      },
    ],
    // The allowances first: they return what they hold through the database before anything else lets go.
    close: async () => {
      await calls.close();
      await credentials.close();
    },
  };
}
