import type { Db } from '../../db/client.js';
import { countRunning } from './applications.admin.queries.js';

/** What operators read of every user's applications (decision 0021). */
export function applicationsAdminService({ db }: { db: Db }) {
  return { countRunning: () => countRunning(db) };
}

export type ApplicationsAdminService = ReturnType<typeof applicationsAdminService>;
