import type { PageQuery } from '@suanli/contract';
import type { Db } from '../../db/client.js';
import type { UserId } from '../../db/ids.js';
import { paged } from '../../db/paging.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../http/app-error.js';
import type { Audit } from '../../http/operator-audit.js';
import type { Clock } from '../../jobs/clock.js';
import * as queries from './feedback.admin.queries.js';
import type { ConsultationMove, ConsultationNoteRow, ConsultationRow, ConsultationState } from './feedback.tables.js';

const view = (row: ConsultationRow, notes: number) => ({
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
  notes,
  version: row.version,
});

const noteView = (row: ConsultationNoteRow) => ({
  id: String(row.id),
  authorId: String(row.authorId),
  note: row.note,
  state: row.state,
  createTime: row.createdAt.toISOString(),
});

const notFound = (id: string) =>
  new AppError('notFound', { messageKey: 'feedback.consultationNotFound', params: { id }, field: 'id' });

interface Move {
  id: string;
  state: ConsultationMove;
  /** The version the operator read; none when marking a pending lead handled, which only pending allows. */
  version: number | null;
  reason: string;
}

/**
 * Support operators work through the consultations: call the customer back (handled), then convert or close the lead,
 * each move with a note on the lead's timeline, and notes of their own in between. A move names the version it read
 * and is compare-and-set on it, so of two operators moving one lead at once the second is told it changed (409).
 */
export function consultationsAdminService({ db, clock }: { db: Db; clock: Clock }) {
  function move(audit: Audit, operatorId: UserId, change: Move) {
    return inTransaction(db, async (tx) => {
      const row = await queries.lockConsultation(tx, BigInt(change.id));
      if (!row) {
        throw notFound(change.id);
      }
      const params = { id: change.id, state: change.state };
      if (change.version === null && row.state !== 'pending') {
        throw new AppError('conflict', { messageKey: 'feedback.consultationHandled', params, field: 'id' });
      }
      if (row.state === change.state) {
        throw new AppError('conflict', { messageKey: 'feedback.consultationInState', params, field: 'state' });
      }
      const at = clock.now();
      const version = await queries.moveConsultation(
        tx,
        { id: row.id, version: change.version ?? row.version },
        { state: change.state, at, by: operatorId },
      );
      if (version === null) {
        throw new AppError('conflict', { messageKey: 'feedback.consultationChanged', params, field: 'version' });
      }
      await queries.insertConsultationNote(tx, {
        consultationId: row.id,
        authorId: operatorId,
        note: change.reason,
        state: change.state,
        createdAt: at,
      });
      await audit(tx, {
        action: change.version === null ? 'feedback.handleConsultation' : 'feedback.moveConsultation',
        target: `consultation:${change.id}`,
        before: { state: row.state, version: row.version },
        after: { state: change.state, version },
      });
      return { id: change.id, state: change.state, version };
    });
  }

  return {
    async list(query: PageQuery & { state: ConsultationState }) {
      const page = await paged(query, queries.consultationPage(db, query.state));
      return { total: page.total, rows: page.rows.map((row) => view(row.consultation, row.notes)) };
    },

    /** Pending → handled, as the desk's first button does; one handled already answers 409. */
    async handle(audit: Audit, operatorId: UserId, { id, reason }: { id: string; reason: string }) {
      const { state } = await move(audit, operatorId, { id, state: 'handled', version: null, reason });
      return { id, state };
    },

    move: (audit: Audit, operatorId: UserId, change: Move & { version: number }) => move(audit, operatorId, change),

    async notes(id: string) {
      if (!(await queries.consultationExists(db, BigInt(id)))) {
        throw notFound(id);
      }
      return (await queries.consultationNotesOf(db, BigInt(id))).map(noteView);
    },

    addNote(audit: Audit, operatorId: UserId, { id, note }: { id: string; note: string }) {
      return inTransaction(db, async (tx) => {
        const row = await queries.lockConsultation(tx, BigInt(id));
        if (!row) {
          throw notFound(id);
        }
        const written = await queries.insertConsultationNote(tx, {
          consultationId: row.id,
          authorId: operatorId,
          note,
          state: null,
          createdAt: clock.now(),
        });
        await audit(tx, {
          action: 'feedback.noteConsultation',
          target: `consultation:${id}`,
          before: null,
          after: { noteId: String(written.id), note },
        });
        return noteView(written);
      });
    },
  };
}

export type ConsultationsAdminService = ReturnType<typeof consultationsAdminService>;
