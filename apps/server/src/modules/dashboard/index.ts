import type { Module, Platform } from '../../platform.js';
import { dashboardRoutes } from './dashboard.admin.routes.js';
import { dashboardService, type DashboardDependencies } from './dashboard.admin.service.js';
import { gpuUsageJob } from './dashboard.jobs.js';
import { dashboardMetrics } from './dashboard.metrics.js';

/**
 * The operators' dashboard (issue 23): at the top of the module graph beside the users desk, reading each figure
 * through the service of the module that owns it; it owns only the hourly GPU usage samples. Nothing uses it.
 */
export function createDashboardModule(
  dependencies: Platform & Omit<DashboardDependencies, 'db' | 'clock' | 'timeZone'>,
): Module<null> {
  const { db, clock, config, users, wallet, inventory, applications } = dependencies;
  const service = dashboardService({
    db,
    clock,
    timeZone: config.runtime.businessTimeZone,
    users,
    wallet,
    inventory,
    applications,
  });
  return {
    service: null,
    routes: dashboardRoutes(service),
    jobs: [gpuUsageJob(inventory)],
    metrics: dashboardMetrics({ db, clock, inventory, applications, wallet }),
  };
}
