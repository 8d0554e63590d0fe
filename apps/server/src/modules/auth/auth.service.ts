import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../jobs/clock.js';
import {
  deleteDeadSessions,
  findLiveSession,
  insertSession,
  revokeSession,
  revokeUserSessions,
  touchSession,
} from './auth.queries.js';

const DAY = 24 * 60 * 60_000;
/** ARCHITECTURE §10: 30-day sliding and 90-day absolute life. */
export const SESSION_SLIDING_MS = 30 * DAY;
export const SESSION_ABSOLUTE_MS = 90 * DAY;
// Sliding the expiry on every request would write on every read; an hour's granularity is plenty for 30 days.
const TOUCH_EVERY_MS = 60 * 60_000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface SessionService {
  create(db: Db, userId: bigint): Promise<{ token: string; sessionId: bigint }>;
  resolve(db: Db, token: string): Promise<{ userId: bigint; sessionId: bigint } | null>;
  revoke(db: Db, sessionId: bigint, userId: bigint): Promise<void>;
  /** Ends all the user's sessions, or all but `except` (a password change keeps the session that made it). */
  revokeAll(db: Db, userId: bigint, options?: { except?: bigint }): Promise<void>;
  purge(db: Db, now: Date): Promise<number>;
}

export function sessionService(clock: Clock): SessionService {
  return {
    async create(db, userId) {
      const token = randomBytes(32).toString('base64url');
      const now = clock.now();
      const sessionId = await insertSession(db, {
        userId,
        tokenHash: hashToken(token),
        now,
        expiresAt: new Date(now.getTime() + SESSION_SLIDING_MS),
        absoluteExpiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS),
      });
      return { token, sessionId };
    },
    async resolve(db, token) {
      const now = clock.now();
      const session = await findLiveSession(db, hashToken(token), now);
      if (!session) {
        return null;
      }
      if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
        await touchSession(db, session.id, now, new Date(now.getTime() + SESSION_SLIDING_MS));
      }
      return { userId: session.userId, sessionId: session.id };
    },
    async revoke(db, sessionId, userId) {
      await revokeSession(db, sessionId, userId, clock.now());
    },
    async revokeAll(db, userId, options = {}) {
      await revokeUserSessions(db, userId, clock.now(), options.except);
    },
    purge: (db, now) => deleteDeadSessions(db, new Date(now.getTime() - DAY)),
  };
}
