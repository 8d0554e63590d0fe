import type { Tx } from '../../db/client.js';
import type { UserId } from '../../db/ids.js';
import { AppError } from '../../http/app-error.js';
import * as queries from './applications.queries.js';

export const notFound = (id: bigint | string) =>
  new AppError('notFound', { messageKey: 'applications.notFound', params: { id: String(id) }, field: 'id' });

/** A destroy is final: nothing more is done to the application, and nothing is charged for it. */
export const destroyed = () => new AppError('conflict', { messageKey: 'applications.destroyed' });

/** Locks the caller's application, or answers 404: another user's application does not exist for them. */
export async function lockOwn(tx: Tx, userId: UserId, id: string) {
  const row = await queries.lockOwnApplication(tx, userId, BigInt(id));
  if (!row) {
    throw notFound(id);
  }
  if (row.desiredState === 'destroyed') {
    throw destroyed();
  }
  return row;
}
