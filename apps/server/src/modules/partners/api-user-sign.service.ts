import { translate, type Locale } from '@suanli/contract';
import type { Db } from '../../db/client.js';
import type { UserId } from '../../db/ids.js';
import { AppError } from '../../http/app-error.js';
import type { Clock } from '../../jobs/clock.js';
import type { RealNameService } from '../real-name/index.js';
import { findSignature, insertSignature } from './partners.queries.js';

/**
 * API users sign the API user contract with their real-name identity (spec §7, §8): the name and ID number must be
 * those the user verified, or "Signing failed, please check name and ID number". Signing again changes nothing.
 */
export function apiUserSignService({
  db,
  clock,
  realName,
}: {
  db: Db;
  clock: Clock;
  realName: Pick<RealNameService, 'matchesIdentity'>;
}) {
  return {
    async sign(userId: UserId, body: { name: string; idNumber: string }) {
      if (!(await realName.matchesIdentity(userId, body.name, body.idNumber))) {
        throw new AppError('businessRule', { messageKey: 'partners.signFailed', field: 'idNumber' });
      }
      await insertSignature(db, userId, clock.now());
      return { signedAt: (await findSignature(db, userId))!.signedAt.toISOString() };
    },

    async contract(userId: UserId, locale: Locale) {
      const signature = await findSignature(db, userId);
      return {
        title: translate(locale, 'partners.signContractTitle'),
        content: translate(locale, 'partners.signContractContent'),
        signedAt: signature?.signedAt.toISOString() ?? null,
      };
    },
  };
}

export type ApiUserSignService = ReturnType<typeof apiUserSignService>;
