import type { Module } from '../../platform.js';
import { realNameRoutes } from './real-name.routes.js';
import { realNameService, type RealNameDependencies, type RealNameService } from './real-name.service.js';

export type { RealNameService } from './real-name.service.js';

/** Real-name verification (spec §5); the compute module asks `service.isVerified` before creating applications. */
export function createRealNameModule(deps: RealNameDependencies): Module<RealNameService> {
  const service = realNameService(deps);
  return { service, routes: realNameRoutes(service) };
}
