import type { PageQuery } from '@suanli/contract';
import type { Db } from '../../db/client.js';
import type { UserId } from '../../db/ids.js';
import { paged } from '../../db/paging.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../http/app-error.js';
import type { Audit } from '../../http/operator-audit.js';
import type { Clock } from '../../jobs/clock.js';
import * as queries from './feedback.admin.queries.js';
import type { ConsultationRow, ConsultationState } from './feedback.tables.js';

const view = (row: ConsultationRow) => ({
  id: String(row.id),
  name: row.name,
  company: row.company,
  position: row.position,
  phone: row.phone,
  services: row.services,
  requirement: row.requirement,
  state: row.state,
  createTime: row.createdAt.toISOString(),
  handledAt: row.handledAt?.toISOString() ?? null,
});

/** Support operators work through the consultations and mark each handled once the customer was called back. */
export function consultationsAdminService({ db, clock }: { db: Db; clock: Clock }) {
  return {
    async list(query: PageQuery & { state: ConsultationState }) {
      const page = await paged(query, queries.consultationPage(db, query.state));
      return { total: page.total, rows: page.rows.map(view) };
    },

    handle(audit: Audit, operatorId: UserId, id: string) {
      return inTransaction(db, async (tx) => {
        const row = await queries.lockConsultation(tx, BigInt(id));
        if (!row) {
          throw new AppError('notFound', { messageKey: 'feedback.consultationNotFound', params: { id }, field: 'id' });
        }
        if (row.state !== 'pending') {
          throw new AppError('conflict', { messageKey: 'feedback.consultationHandled', params: { id }, field: 'id' });
        }
        await queries.markHandled(tx, row.id, { handledAt: clock.now(), handledBy: operatorId });
        await audit(tx, {
          action: 'feedback.handleConsultation',
          target: `consultation:${id}`,
          before: { state: row.state },
          after: { state: 'handled' },
        });
        return { id, state: 'handled' as const };
      });
    },
  };
}

export type ConsultationsAdminService = ReturnType<typeof consultationsAdminService>;
