import { formatMoney, type EndpointInput, type PageQuery, type partners as contract } from '@suanli/contract';
import type { Db } from '../../db/client.js';
import { asUserId } from '../../db/ids.js';
import { paged } from '../../db/paging.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../http/app-error.js';
import type { Audit } from '../../http/operator-audit.js';
import type { Clock } from '../../jobs/clock.js';
import type { WalletService } from '../wallet/index.js';
import * as queries from './partners.admin.queries.js';
import { withdrawalRow } from './partners.service.js';
import type { WithdrawalStatus } from './partners.tables.js';

type Decision = EndpointInput<typeof contract.decideWithdrawal>['body'];

/**
 * Operators (decision 0031): review lists the partners (a user qualifies by joining: there is no application to
 * approve), revokes a partner's qualification for abuse and restores it; finance completes a submitted withdrawal
 * (the held amount paid out, its fee to the platform) or rejects it with a note (the amount back in the earnings).
 * Each change with its audit row, in its transaction.
 */
export function partnersAdminService({
  db,
  clock,
  wallet,
}: {
  db: Db;
  clock: Clock;
  wallet: Pick<WalletService, 'payOutWithdrawal' | 'releaseWithdrawal'>;
}) {
  async function setQualification(audit: Audit, userIdText: string, revoke: { reason: string } | null) {
    const partnerId = asUserId(BigInt(userIdText));
    return inTransaction(db, async (tx) => {
      const partner = await queries.lockAnyPartner(tx, partnerId);
      if (!partner) {
        throw new AppError('notFound', { messageKey: 'partners.partnerNotFound', field: 'userId' });
      }
      const before = { revokedAt: partner.revokedAt?.toISOString() ?? null };
      const now = clock.now();
      await queries.setRevoked(tx, partnerId, revoke ? { at: now, reason: revoke.reason } : null);
      await audit(tx, {
        action: revoke ? 'partners.revoke' : 'partners.restore',
        target: `user:${partnerId}`,
        before,
        after: { revokedAt: revoke ? now.toISOString() : null },
      });
      return { status: revoke ? ('revoked' as const) : ('active' as const) };
    });
  }

  return {
    async listPartners(query: PageQuery & { status?: 'active' | 'revoked' | undefined }) {
      const page = await paged(query, queries.partnerPage(db, query.status));
      return {
        total: page.total,
        rows: page.rows.map(({ partner, invitees }) => ({
          userId: String(partner.userId),
          joinedAt: partner.agreedAt.toISOString(),
          status: partner.revokedAt ? ('revoked' as const) : ('active' as const),
          kolRatioBasisPoints: partner.kolRatioBasisPoints,
          invitees,
          revokedAt: partner.revokedAt?.toISOString() ?? null,
          revokedReason: partner.revokedReason,
        })),
      };
    },

    revoke: (audit: Audit, userId: string, reason: string) => setQualification(audit, userId, { reason }),
    restore: (audit: Audit, userId: string) => setQualification(audit, userId, null),

    async list({ status, ...page }: PageQuery & { status: WithdrawalStatus }) {
      const { rows, total } = await paged(page, queries.withdrawalPage(db, status));
      return { total, rows: rows.map((row) => ({ ...withdrawalRow(row), userId: String(row.userId) })) };
    },

    async decide(audit: Audit, idText: string, body: Decision) {
      const id = BigInt(idText);
      return inTransaction(db, async (tx) => {
        const row = await queries.lockWithdrawal(tx, id);
        if (!row) {
          throw new AppError('notFound', { messageKey: 'partners.withdrawalNotFound', field: 'id' });
        }
        if (row.status !== 'submitted') {
          throw new AppError('conflict', { messageKey: 'partners.withdrawalDecided' });
        }
        const note = body.note ?? null;
        if (body.decision === 'reject' && !note) {
          throw new AppError('validation', { messageKey: 'partners.rejectNoteRequired', field: 'note' });
        }
        const movement = { userId: row.userId, amount: row.amount, orderNo: row.orderNo };
        const moved =
          body.decision === 'complete'
            ? await wallet.payOutWithdrawal(tx, { ...movement, fee: row.fee })
            : await wallet.releaseWithdrawal(tx, movement);
        if (!moved) {
          throw new Error(`withdrawal ${row.id} is not held`);
        }
        const status = body.decision === 'complete' ? ('completed' as const) : ('rejected' as const);
        if (
          !(await queries.decideWithdrawal(tx, id, {
            status,
            at: clock.now(),
            note: status === 'rejected' ? note : null,
          }))
        ) {
          throw new Error(`withdrawal ${row.id} moved while locked`);
        }
        await audit(tx, {
          action: `partners.${body.decision}Withdrawal`,
          target: `withdrawal:${row.id}`,
          before: { status: row.status, amount: formatMoney(row.amount), fee: formatMoney(row.fee) },
          after: { status, note },
        });
        return { id: String(row.id), status };
      });
    },
  };
}

export type PartnersAdminService = ReturnType<typeof partnersAdminService>;
