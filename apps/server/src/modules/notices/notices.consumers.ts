import { formatMoney, money } from '@suanli/contract';
import { asUserId } from '../../db/ids.js';
import { claimOnce } from '../../db/processed-keys.js';
import { defineConsumer, type DomainEvent } from '../../events/index.js';
import { insertInform } from './notices.queries.js';
import type { Notice, NoticeKind } from './notices.service.js';

const NOTIFYING = [
  'balance.low',
  'application.stopped',
  'disk.arrears',
  'disk.cleared',
  'cloudSpace.wipeScheduled',
  'cloudSpace.wiped',
] as const;

const GB = 1024 ** 3;
const sizeText = (bytes: bigint) =>
  bytes >= BigInt(GB) ? `${(Number(bytes) / GB).toFixed(2)} GB` : `${(Number(bytes) / 1024 ** 2).toFixed(2)} MB`;

/** The notice an event calls for: what happened to whom, in the words of the notice's kind. */
function noticeOf(event: DomainEvent<(typeof NOTIFYING)[number]>): Notice<NoticeKind> {
  const at = event.occurredAt;
  switch (event.type) {
    case 'balance.low': {
      const { userId, spendable } = event.payload;
      return {
        userId: asUserId(BigInt(userId)),
        kind: 'lowBalance',
        params: { balance: formatMoney(money(BigInt(spendable))) },
        at,
      };
    }
    case 'application.stopped': {
      const { userId, appName, reason } = event.payload;
      return { userId: asUserId(BigInt(userId)), kind: 'applicationStopped', params: { appName, reason }, at };
    }
    case 'disk.arrears':
    case 'disk.cleared': {
      const { userId, appName, arrears } = event.payload;
      const kind = event.type === 'disk.arrears' ? 'diskArrears' : 'diskCleared';
      return {
        userId: asUserId(BigInt(userId)),
        kind,
        params: { appName, arrears: formatMoney(money(BigInt(arrears))) },
        at,
      };
    }
    case 'cloudSpace.wipeScheduled': {
      const { userId, reason, wipeDay, arrears } = event.payload;
      const owner = asUserId(BigInt(userId));
      return reason === 'arrears'
        ? {
            userId: owner,
            kind: 'cloudArrearsWipe',
            params: { arrears: formatMoney(money(BigInt(arrears))), date: wipeDay },
            at,
          }
        : { userId: owner, kind: 'cloudInactiveWipe', params: { date: wipeDay }, at };
    }
    case 'cloudSpace.wiped': {
      const { userId, reason, bytes } = event.payload;
      return {
        userId: asUserId(BigInt(userId)),
        kind: 'cloudWiped',
        params: { size: sizeText(BigInt(bytes)), reason: reason === 'arrears' ? 'cloudArrears' : 'cloudInactive' },
        at,
      };
    }
  }
}

/**
 * Tells users what other modules' facts mean for them (docs/decisions/0022): each event becomes one notice, once by
 * its id, even when an operator replays it.
 */
export const noticeConsumers = [
  defineConsumer({
    name: 'notices.inform',
    types: NOTIFYING,
    handle: async (tx, event) => {
      if (await claimOnce(tx, { scope: 'notices.inform', key: String(event.id) })) {
        const notice = noticeOf(event);
        await insertInform(tx, { ...notice, createdAt: notice.at });
      }
    },
  }),
];
