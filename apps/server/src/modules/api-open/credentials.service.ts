import { createHash, randomBytes } from 'node:crypto';
import { API_GATEWAY } from '@suanli/contract';
import type { Db } from '../../db/client.js';
import type { UserId } from '../../db/ids.js';
import { ListenedMemory } from '../../db/listened-memory.js';
import type { Listen } from '../../db/notifications.js';
import { AppError } from '../../http/app-error.js';
import { startOfLocalDay } from '../../jobs/business-time.js';
import type { Clock } from '../../jobs/clock.js';
import type { UsersService } from '../users/index.js';
import * as queries from './api-open.queries.js';

// A person holds a few keys (one per program or machine); many more would be keys nobody revokes.
export const MAX_KEYS = 20;
const DAY_MS = 24 * 60 * 60_000;
// The prefix shown in the list: `sk-` and six characters, enough to tell a handful of keys apart, far too few to guess.
const SHOWN_PREFIX_LENGTH = API_GATEWAY.keyPrefix.length + 6;
// Enough for the keys one server sees in a while.
const REMEMBERED_KEYS = 10_000;
// Last use is shown to the minute; writing it on every call would queue parallel calls of one key on its row.
const TOUCH_EVERY_MS = 60_000;
const KEY = new RegExp(`^${API_GATEWAY.keyPrefix}[A-Za-z0-9_-]{43}$`);

const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** A new key: 32 random bytes, so its SHA-256 is all that needs keeping. */
function newKey() {
  const key = `${API_GATEWAY.keyPrefix}${randomBytes(32).toString('base64url')}`;
  return { key, keyHash: hashKey(key), prefix: key.slice(0, SHOWN_PREFIX_LENGTH) };
}

const iso = (at: Date | null) => at?.toISOString() ?? null;

function view(row: queries.CredentialRow) {
  return {
    credentialId: String(row.id),
    name: row.name,
    prefix: row.prefix,
    createTime: row.createdAt.toISOString(),
    expireTime: iso(row.expiresAt),
    lastUsedTime: iso(row.lastUsedAt),
    rotateTime: iso(row.rotatedAt),
  };
}

/** Who a key is, as the gateway needs it. */
export interface Caller {
  credentialId: bigint;
  userId: UserId;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
  /** Its owner's account is locked (decision 0036). */
  locked: boolean;
}

/** Why a key does not let a call through. */
export type KeyRefusal = 'keyMissing' | 'keyInvalid' | 'keyExpired' | 'accountLocked';

interface CredentialsDependencies {
  db: Db;
  clock: Clock;
  timeZone: string;
  /** Where changes to keys and accounts' locks are heard (migrations 0049, 0054), which keeps the memory exact. */
  listen: Listen;
  users: Pick<UsersService, 'isLocked'>;
}

/** API keys (spec §1, §7; decision 0032): made, listed, rotated and revoked by their owner, checked by the gateway. */
export function credentialsService({ db, clock, timeZone, listen, users }: CredentialsDependencies) {
  // Live keys by hash, so that a gateway call costs no query for its key; every rotation, revocation or deletion,
  // on any server, is announced on api_credential_changed when it commits.
  const memory = new ListenedMemory<string, Caller>({
    listen,
    channel: 'api_credential_changed',
    capacity: REMEMBERED_KEYS,
    // A key changed names its id; a lock or unlock of an account names `user:<id>` (migration 0054).
    notified: (known, payload) =>
      known.forget((caller) =>
        payload.startsWith('user:') ? `user:${caller.userId}` === payload : String(caller.credentialId) === payload,
      ),
  });
  const forget = (credentialId: bigint) => memory.forget((caller) => caller.credentialId === credentialId);

  function notFound(credentialId: string): never {
    throw new AppError('notFound', {
      messageKey: 'apiOpen.credentialNotFound',
      params: { credentialId },
      field: 'credentialId',
    });
  }

  return {
    async create(userId: UserId, { name, expireDate }: { name: string; expireDate?: string | undefined }) {
      const now = clock.now();
      const expiresAt = expireDate ? new Date(startOfLocalDay(expireDate, timeZone).getTime() + DAY_MS) : null;
      if (expiresAt && expiresAt <= now) {
        throw new AppError('businessRule', { messageKey: 'apiOpen.expireDatePast', field: 'expireDate' });
      }
      if ((await queries.countLiveCredentials(db, userId)) >= MAX_KEYS) {
        throw new AppError('businessRule', { messageKey: 'apiOpen.tooManyKeys', params: { max: MAX_KEYS } });
      }
      const { key, keyHash, prefix } = newKey();
      const row = await queries.insertCredential(db, { userId, name, keyHash, prefix, createdAt: now, expiresAt });
      return { ...view(row), key };
    },

    async list(userId: UserId) {
      return { rows: (await queries.liveCredentials(db, userId)).map(view) };
    },

    async rotate(userId: UserId, credentialId: string) {
      const { key, keyHash, prefix } = newKey();
      const row = await queries.replaceKey(db, userId, { id: BigInt(credentialId), keyHash, prefix, at: clock.now() });
      if (!row) {
        notFound(credentialId);
      }
      forget(row.id);
      return { ...view(row), key };
    },

    async revoke(userId: UserId, credentialId: string) {
      if (!(await queries.revokeCredential(db, userId, { id: BigInt(credentialId), at: clock.now() }))) {
        notFound(credentialId);
      }
      forget(BigInt(credentialId));
      return { credentialId };
    },

    /** The caller a key names, or why it names none: revoked, rotated, unknown, or past its last day. */
    async authenticate(key: string | null): Promise<Caller | KeyRefusal> {
      if (!key) {
        return 'keyMissing';
      }
      if (!KEY.test(key)) {
        return 'keyInvalid';
      }
      const keyHash = hashKey(key);
      const caller = await memory.through(keyHash, async () => {
        const found = await queries.findKey(db, keyHash);
        return found && { ...found, locked: await users.isLocked(db, found.userId) };
      });
      if (!caller) {
        return 'keyInvalid';
      }
      if (caller.locked) {
        return 'accountLocked';
      }
      return caller.expiresAt && caller.expiresAt <= clock.now() ? 'keyExpired' : caller;
    },

    /** Records that the key was used now, at most once a minute. */
    async touch(caller: Caller) {
      const now = clock.now();
      const since = new Date(now.getTime() - TOUCH_EVERY_MS);
      if (caller.lastUsedAt && caller.lastUsedAt >= since) {
        return;
      }
      caller.lastUsedAt = now;
      await queries.touchKey(db, { id: caller.credentialId, at: now, since });
    },

    /** Stops hearing of changed keys (app close). */
    close: () => memory.close(),
  };
}

export type CredentialsService = ReturnType<typeof credentialsService>;
