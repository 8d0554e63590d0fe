import type { SessionId, UserId } from '../../db/ids.js';

export interface KnownSession {
  id: SessionId;
  userId: UserId;
  lastSeenAt: Date;
  expiresAt: Date;
  absoluteExpiresAt: Date;
}

// Enough for every session one embedded server sees; past it the oldest is forgotten and read again when used.
const MAX_SESSIONS = 10_000;

/**
 * The live sessions this server has looked up, by token hash, for the embedded engine only: PGlite's files belong to
 * this one process, so every write to sessions passes through the sessions service, which forgets the sessions it
 * revokes or purges in the same step. The memory is therefore exact, and a signed-in request on PGlite costs no
 * query for its session. On PostgreSQL other instances write too, and each request asks the database.
 */
export class SessionMemory {
  private readonly sessions = new Map<string, KnownSession>();
  // Moved by every forget: a lookup that read the database before it must not keep what it read, which may be revoked.
  private generation = 0;

  /** The session of a token hash, if remembered and still within both its sliding and its absolute life. */
  recall(tokenHash: string, now: Date): KnownSession | null {
    const session = this.sessions.get(tokenHash);
    if (!session) {
      return null;
    }
    if (session.expiresAt <= now || session.absoluteExpiresAt <= now) {
      this.sessions.delete(tokenHash);
      return null;
    }
    return session;
  }

  /** A mark to pass to `remember` after reading the database. */
  mark(): number {
    return this.generation;
  }

  remember(tokenHash: string, session: KnownSession, mark: number): void {
    if (mark !== this.generation) {
      return;
    }
    if (this.sessions.size >= MAX_SESSIONS) {
      this.sessions.delete(this.sessions.keys().next().value!);
    }
    this.sessions.set(tokenHash, session);
  }

  forget(which: (session: KnownSession) => boolean): void {
    this.generation += 1;
    for (const [tokenHash, session] of this.sessions) {
      if (which(session)) {
        this.sessions.delete(tokenHash);
      }
    }
  }
}
