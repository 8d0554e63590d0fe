import { formatMoney, money } from '@suanli/contract';
import { asUserId } from '../../db/ids.js';
import { claimOnce } from '../../db/processed-keys.js';
import { defineConsumer, type DomainEvent } from '../../events/index.js';
import { insertInform } from './notices.queries.js';
import type { Notice, NoticeKind } from './notices.service.js';

const NOTIFYING = ['balance.low', 'application.stopped', 'disk.arrears', 'disk.cleared'] as const;

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
