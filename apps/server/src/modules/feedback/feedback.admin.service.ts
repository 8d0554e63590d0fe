import { formatMoney, type Money, type PageQuery } from '@suanli/contract';
import type { Db } from '../../db/client.js';
import type { UserId } from '../../db/ids.js';
import { paged } from '../../db/paging.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../http/app-error.js';
import type { Audit } from '../../http/operator-audit.js';
import type { Clock } from '../../jobs/clock.js';
import type { ObjectStore } from '../../providers/object-store/index.js';
import type { NoticesService } from '../notices/index.js';
import type { WalletService } from '../wallet/index.js';
import * as queries from './feedback.admin.queries.js';
import type { FeedbackRow, FeedbackState } from './feedback.tables.js';

const SCREENSHOT_LINK_SECONDS = 60 * 60;

interface FeedbackAdminDependencies {
  db: Db;
  clock: Clock;
  store: ObjectStore;
  wallet: Pick<WalletService, 'grantVoucher'>;
  notices: Pick<NoticesService, 'notifyUser'>;
  gift: { amount: Money; validDays: number };
}

/**
 * What support operators do with feedback (decision 0033): read it with its screenshots, and adopt it, which gives the
 * author the gift voucher and a notice in the transaction that marks it and writes the audit row. The feedback row is
 * locked first, so of two operators adopting at once the second finds it adopted and gets 409: one gift, ever.
 */
export function feedbackAdminService({ db, clock, store, wallet, notices, gift }: FeedbackAdminDependencies) {
  const view = async (row: FeedbackRow) => ({
    id: String(row.id),
    userId: String(row.userId),
    content: row.content,
    screenshotUrls: await Promise.all(
      row.screenshotKeys.map(async (key) => (await store.presignGet(key, SCREENSHOT_LINK_SECONDS)).url),
    ),
    state: row.state,
    createTime: row.createdAt.toISOString(),
    adoptedAt: row.adoptedAt?.toISOString() ?? null,
  });

  return {
    async list(query: PageQuery & { state: FeedbackState }) {
      const page = await paged(query, queries.feedbackPage(db, query.state));
      return { total: page.total, rows: await Promise.all(page.rows.map(view)) };
    },

    adopt(audit: Audit, operatorId: UserId, id: string) {
      return inTransaction(db, async (tx) => {
        const row = await queries.lockFeedback(tx, BigInt(id));
        if (!row) {
          throw new AppError('notFound', { messageKey: 'feedback.notFound', params: { id }, field: 'id' });
        }
        if (row.state !== 'submitted') {
          throw new AppError('conflict', { messageKey: 'feedback.alreadyAdopted', params: { id }, field: 'id' });
        }
        const now = clock.now();
        const voucher = await wallet.grantVoucher(tx, {
          userId: row.userId,
          kind: 'voucher',
          name: null,
          amount: gift.amount,
          source: 'feedback',
          validDays: gift.validDays,
        });
        await queries.markAdopted(tx, row.id, { adoptedAt: now, adoptedBy: operatorId, voucherId: voucher.id });
        const amount = formatMoney(gift.amount);
        await notices.notifyUser(tx, {
          userId: row.userId,
          kind: 'rewardGranted',
          params: { amount, reason: 'feedbackAdopted' },
          at: now,
        });
        await audit(tx, {
          action: 'feedback.adopt',
          target: `feedback:${id}`,
          before: { state: row.state },
          after: { state: 'adopted', userId: String(row.userId), voucherId: String(voucher.id), amount },
        });
        return { id, state: 'adopted' as const, voucherId: String(voucher.id), amount };
      });
    },
  };
}

export type FeedbackAdminService = ReturnType<typeof feedbackAdminService>;
