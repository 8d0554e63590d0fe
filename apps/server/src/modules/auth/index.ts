export { authJobs } from './auth.jobs.js';
export { authPlugin } from './auth.plugin.js';
export { authRoutes } from './auth.routes.js';
export {
  hashToken,
  sessionService,
  SESSION_ABSOLUTE_MS,
  SESSION_SLIDING_MS,
  type SessionService,
} from './auth.service.js';
