import { createHash, randomBytes } from 'node:crypto';
import type { Db, Tx } from '../../db/client.js';
import type { SessionId, UserId } from '../../db/ids.js';
import { ListenedMemory } from '../../db/listened-memory.js';
import type { Listen } from '../../db/notifications.js';
import { AppError } from '../../http/app-error.js';
import type { Clock } from '../../jobs/clock.js';
import type { UsersService } from '../users/index.js';
import {
  deleteDeadSessions,
  findLiveSession,
  insertSession,
  revokeSession,
  revokeUserSessions,
  touchSession,
  type KnownSession,
} from './sessions.queries.js';

const DAY = 24 * 60 * 60_000;
/** ARCHITECTURE §10: 30-day sliding and 90-day absolute life. */
export const SESSION_SLIDING_MS = 30 * DAY;
export const SESSION_ABSOLUTE_MS = 90 * DAY;
// Enough for the sessions one server sees in a while.
const REMEMBERED_SESSIONS = 10_000;
// Sliding the expiry on every request would write on every read; an hour's granularity is plenty for 30 days.
const TOUCH_EVERY_MS = 60 * 60_000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** What login and registration answer (spec §7 "Login response"). */
export interface TokenAnswer {
  access_token: string;
  expires_in: number;
}

export interface LiveSession {
  userId: UserId;
  sessionId: SessionId;
}

interface SessionsDependencies {
  clock: Clock;
  users: Pick<UsersService, 'recordLogin'>;
  /** Where the ends of sessions are heard (migration 0008), which keeps the memory of live sessions exact. */
  listen: Listen;
}

/** Sessions and the one way anyone signs in; auth and WeChat login both end here. */
export function sessionsService({ clock, users, listen }: SessionsDependencies) {
  // Live sessions by token hash, so that a signed-in request costs no query for its session. The service forgets
  // what it ends; every other end (another server's logout, a user's deletion) is announced on session_ended.
  const memory = new ListenedMemory<string, KnownSession>({
    listen,
    channel: 'session_ended',
    capacity: REMEMBERED_SESSIONS,
    notified: (known, sessionId) => known.forget((session) => String(session.id) === sessionId),
  });

  async function create(db: Db, userId: UserId): Promise<{ token: string; sessionId: SessionId }> {
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
  }

  return {
    create,

    /** Records the login and opens a session, inside the caller's transaction; a locked account gets 403. */
    async signIn(tx: Tx, userId: UserId): Promise<TokenAnswer> {
      // Every login path (password, SMS or e-mail code, WeChat, registration) ends here, so a lock refuses them all.
      if (!(await users.recordLogin(tx, userId, clock.now()))) {
        throw new AppError('forbidden', { messageKey: 'auth.accountLocked' });
      }
      const { token } = await create(tx, userId);
      return { access_token: token, expires_in: SESSION_SLIDING_MS / 1_000 };
    },

    async resolve(db: Db, token: string): Promise<LiveSession | null> {
      const now = clock.now();
      const tokenHash = hashToken(token);
      const session = await memory.through(
        tokenHash,
        () => findLiveSession(db, tokenHash, now),
        (known) => known.expiresAt > now && known.absoluteExpiresAt > now,
      );
      if (!session) {
        return null;
      }
      if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
        const expiresAt = new Date(now.getTime() + SESSION_SLIDING_MS);
        await touchSession(db, { id: session.id, now, expiresAt });
        session.lastSeenAt = now;
        session.expiresAt = expiresAt < session.absoluteExpiresAt ? expiresAt : session.absoluteExpiresAt;
      }
      return { userId: session.userId, sessionId: session.id };
    },

    async revoke(db: Db, session: LiveSession): Promise<void> {
      memory.forget((known) => known.id === session.sessionId);
      await revokeSession(db, { id: session.sessionId, userId: session.userId, now: clock.now() });
    },

    /** Ends all the user's sessions, or all but `except` (a password change keeps the session that made it). */
    async revokeAll(db: Db, userId: UserId, options: { except?: SessionId } = {}): Promise<void> {
      memory.forget((known) => known.userId === userId && known.id !== options.except);
      await revokeUserSessions(db, { userId, now: clock.now(), ...options });
    },

    /** Stops hearing of ended sessions (app close). */
    close: () => memory.close(),

    purge(db: Db, now: Date) {
      memory.forget((known) => known.expiresAt <= now || known.absoluteExpiresAt <= now);
      return deleteDeadSessions(db, new Date(now.getTime() - DAY));
    },
  };
}

export type SessionsService = ReturnType<typeof sessionsService>;
