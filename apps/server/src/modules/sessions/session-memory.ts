import type { SessionId, UserId } from '../../db/ids.js';

export interface KnownSession {
  id: SessionId;
  userId: UserId;
  lastSeenAt: Date;
  expiresAt: Date;
  absoluteExpiresAt: Date;
}

// Enough for the sessions one server sees in a while; past it the oldest is forgotten and read again when used.
const MAX_SESSIONS = 10_000;
// A connection can die without a word (a proxy's idle timeout, a partition), and the listener would not know that it
// hears nothing: no session is answered from memory for longer than this after it was read.
const REMEMBER_MS = 30_000;

interface Remembered {
  session: KnownSession;
  readAt: number;
}

/**
 * The live sessions this server has looked up, by token hash, so that a signed-in request costs no query for its
 * session. It stays exact because the sessions service forgets what it ends here, and every other end of a session
 * (another server's logout, a user's deletion) reaches it through the session_ended notification (migration 0008).
 * It is used only while that notification is heard: from `resume` (listening) until `suspend` (connection lost), so
 * an end it may have missed is never answered from memory; and an entry is read again after REMEMBER_MS whatever.
 */
export class SessionMemory {
  private readonly sessions = new Map<string, Remembered>();
  // Moved by every forget: a lookup that read the database before it must not keep what it read, which may be revoked.
  private generation = 0;
  private listening = false;

  /** Notifications are heard from now on: start remembering, from nothing. */
  resume(): void {
    this.forget(() => true);
    this.listening = true;
  }

  /** Notifications may be missed: forget everything and ask the database until `resume`. */
  suspend(): void {
    this.listening = false;
    this.forget(() => true);
  }

  /** The session of a token hash, if remembered and still within both its sliding and its absolute life. */
  recall(tokenHash: string, now: Date): KnownSession | null {
    if (!this.listening) {
      return null;
    }
    const remembered = this.sessions.get(tokenHash);
    if (!remembered) {
      return null;
    }
    const { session, readAt } = remembered;
    // Wall time, not the application clock: the limit is about how long a silent connection may go unnoticed.
    if (session.expiresAt <= now || session.absoluteExpiresAt <= now || Date.now() - readAt > REMEMBER_MS) {
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
    if (!this.listening || mark !== this.generation) {
      return;
    }
    if (this.sessions.size >= MAX_SESSIONS) {
      this.sessions.delete(this.sessions.keys().next().value!);
    }
    this.sessions.set(tokenHash, { session, readAt: Date.now() });
  }

  forget(which: (session: KnownSession) => boolean): void {
    this.generation += 1;
    for (const [tokenHash, { session }] of this.sessions) {
      if (which(session)) {
        this.sessions.delete(tokenHash);
      }
    }
  }
}
