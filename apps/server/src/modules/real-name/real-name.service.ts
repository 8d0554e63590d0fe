import { LIMITS } from '@suanli/contract';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { mapUniqueViolation } from '../../db/errors.js';
import type { UserId } from '../../db/ids.js';
import type { Clock } from '../../jobs/clock.js';
import type { UsersService } from '../users/index.js';
import { localMinuteCeiling } from '../../jobs/business-time.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../http/app-error.js';
import { RealNameUnavailableError, type RealNameProvider } from '../../providers/real-name/index.js';
import { maskIdNumber, maskRealName, realNameCipher } from './real-name.crypto.js';
import {
  deleteAttempt,
  findRecord,
  findRecordOwnerByHash,
  insertAttempt,
  insertRecord,
  listAttemptTimesSince,
  markAttemptSucceeded,
} from './real-name.queries.js';

const LIMIT = LIMITS.realNameAttemptsPerDay;
const WINDOW_MS = 24 * 60 * 60_000;

const alreadyVerified = () => new AppError('conflict', { messageKey: 'realName.alreadyVerified' });
const idInUse = () => new AppError('conflict', { messageKey: 'realName.idInUse' });

export interface RealNameStatus {
  status: '0' | '1';
  realName: string | null;
  idCard: string | null;
  verifiedAt: string | null;
  attemptsLeft: number;
  sandbox: boolean;
}

/**
 * Real-name verification (spec §5, §9): 3 attempts per rolling 24 hours, counted and reserved in one transaction
 * that locks the user's row; the provider is asked outside any transaction; the outcome is recorded in a second.
 */
export interface RealNameDependencies {
  db: Db;
  clock: Clock;
  config: Config;
  provider: RealNameProvider;
  users: UsersService;
}

export function realNameService({ db, clock, config, provider, users }: RealNameDependencies) {
  const cipher = realNameCipher(config.keys.idEncryption);
  const windowStart = () => new Date(clock.now().getTime() - WINDOW_MS);
  // With LIMIT attempts in the window, a slot frees when the oldest of the last LIMIT leaves it.
  const freesAt = (times: Date[]) =>
    localMinuteCeiling(new Date(times.at(-LIMIT)!.getTime() + WINDOW_MS), config.runtime.businessTimeZone);

  async function status(userId: UserId): Promise<RealNameStatus> {
    const verifiedAt = await users.findRealNameVerifiedAt(db, userId);
    const record = verifiedAt ? await findRecord(db, userId) : null;
    const attemptsLeft = Math.max(LIMIT - (await listAttemptTimesSince(db, userId, windowStart())).length, 0);
    return {
      status: verifiedAt ? '1' : '0',
      realName: record ? maskRealName(cipher.decrypt(record.realNameEncrypted, 'realName', userId)) : null,
      idCard: record ? maskIdNumber(cipher.decrypt(record.idNumberEncrypted, 'idNumber', userId)) : null,
      verifiedAt: verifiedAt?.toISOString() ?? null,
      attemptsLeft,
      sandbox: record ? record.provider === 'sandbox' : provider.sandbox,
    };
  }

  /**
   * Counts and reserves one attempt under the user's row lock, so parallel requests cannot all pass the count.
   * A number verified by someone else is refused here, before a paid call, and costs an attempt: otherwise the
   * endpoint would tell anyone, for free, which ID numbers are registered on the platform.
   */
  async function reserveAttempt(userId: UserId, idNumberHash: string) {
    const reserved = await inTransaction(db, async (tx) => {
      if ((await users.lockRealNameState(tx, userId))?.verifiedAt) {
        throw alreadyVerified();
      }
      const times = await listAttemptTimesSince(tx, userId, windowStart());
      if (times.length >= LIMIT) {
        throw new AppError('businessRule', {
          messageKey: 'realName.tooManyAttempts',
          params: { time: freesAt(times) },
        });
      }
      const attemptId = await insertAttempt(tx, userId, clock.now());
      const owner = await findRecordOwnerByHash(tx, idNumberHash);
      return { attemptId, taken: owner !== null && owner !== userId };
    });
    if (reserved.taken) {
      throw idInUse();
    }
    return reserved.attemptId;
  }

  async function mismatch(userId: UserId) {
    const times = await listAttemptTimesSince(db, userId, windowStart());
    const left = LIMIT - times.length;
    return left > 0
      ? new AppError('businessRule', { messageKey: 'realName.mismatch', params: { left } })
      : new AppError('businessRule', { messageKey: 'realName.mismatchLast', params: { time: freesAt(times) } });
  }

  async function recordMatch(match: {
    userId: UserId;
    attemptId: bigint;
    realName: string;
    idNumber: string;
    hash: string;
  }) {
    const { userId, attemptId, realName, idNumber, hash } = match;
    try {
      await inTransaction(db, async (tx) => {
        // A parallel request of the same user may have been verified meanwhile.
        if ((await users.lockRealNameState(tx, userId))?.verifiedAt) {
          throw alreadyVerified();
        }
        const now = clock.now();
        await insertRecord(tx, {
          userId,
          realNameEncrypted: cipher.encrypt(realName, 'realName', userId),
          idNumberEncrypted: cipher.encrypt(idNumber, 'idNumber', userId),
          idNumberHash: hash,
          provider: provider.name,
          verifiedAt: now,
        });
        await markAttemptSucceeded(tx, attemptId, userId);
        await users.setRealNameVerified(tx, userId, now);
      });
    } catch (error) {
      // Another user verified the same number between our check and now: the unique index decides.
      mapUniqueViolation(error, { real_name_records_id_number_hash_key: idInUse });
    }
  }

  return {
    status,

    async verify(userId: UserId, realName: string, idNumber: string): Promise<RealNameStatus> {
      const name = realName.trim().replace(/\s+/g, ' ');
      const hash = cipher.hashIdNumber(idNumber);
      const attemptId = await reserveAttempt(userId, hash);
      let outcome: 'match' | 'mismatch';
      try {
        outcome = await provider.verify({ realName: name, idNumber });
      } catch (error) {
        // Not the user's fault: give the attempt back.
        await deleteAttempt(db, attemptId, userId);
        if (error instanceof RealNameUnavailableError) {
          throw new AppError('unavailable', { messageKey: 'realName.unavailable', cause: error });
        }
        throw error;
      }
      if (outcome === 'mismatch') {
        throw await mismatch(userId);
      }
      await recordMatch({ userId, attemptId, realName: name, idNumber, hash });
      return status(userId);
    },

    /** Whether the name and ID number are those of the user's verified identity (signing a contract with it). */
    async matchesIdentity(userId: UserId, realName: string, idNumber: string): Promise<boolean> {
      const record = (await users.findRealNameVerifiedAt(db, userId)) ? await findRecord(db, userId) : null;
      return (
        record !== null &&
        cipher.decrypt(record.realNameEncrypted, 'realName', userId) === realName.trim().replace(/\s+/g, ' ') &&
        cipher.decrypt(record.idNumberEncrypted, 'idNumber', userId) === idNumber.trim().toUpperCase()
      );
    },

    async isVerified(userId: UserId) {
      return (await users.findRealNameVerifiedAt(db, userId)) !== null;
    },
  };
}

export type RealNameService = ReturnType<typeof realNameService>;
