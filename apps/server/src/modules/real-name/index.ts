import type { Db } from '../../db/client.js';
import { findUserVerifiedAt } from './real-name.queries.js';

export { realNameRoutes } from './real-name.routes.js';

/** Whether the user passed real-name verification (required before creating an application, spec §5). */
export async function isRealNameVerified(db: Db, userId: bigint): Promise<boolean> {
  return (await findUserVerifiedAt(db, userId)) !== null;
}
