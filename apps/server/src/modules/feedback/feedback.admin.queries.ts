import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import type { UserId } from '../../db/ids.js';
import { lockRow } from '../../db/locks.js';
import type { PageWindow } from '../../db/paging.js';
import { consultations, feedback, type ConsultationState, type FeedbackState } from './feedback.tables.js';

/** Every user's feedback in a state, newest first: what support operators read. */
export const feedbackPage = (db: Db, state: FeedbackState) => ({
  rows: ({ limit, offset }: PageWindow) =>
    db.select().from(feedback).where(eq(feedback.state, state)).orderBy(desc(feedback.id)).limit(limit).offset(offset),
  total: () => db.$count(feedback, eq(feedback.state, state)),
});

export const lockFeedback = (tx: Tx, id: bigint) => lockRow(tx, feedback, { id });

/** Submitted → adopted, written with the state it moves from; the caller holds the row's lock. */
export function markAdopted(tx: Tx, id: bigint, change: { adoptedAt: Date; adoptedBy: UserId; voucherId: bigint }) {
  return tx
    .update(feedback)
    .set({ state: 'adopted', ...change })
    .where(and(eq(feedback.id, id), eq(feedback.state, 'submitted')));
}

/** Consultations in a state, oldest first: the order the team calls back in. */
export const consultationPage = (db: Db, state: ConsultationState) => ({
  rows: ({ limit, offset }: PageWindow) =>
    db
      .select()
      .from(consultations)
      .where(eq(consultations.state, state))
      .orderBy(asc(consultations.id))
      .limit(limit)
      .offset(offset),
  total: () => db.$count(consultations, eq(consultations.state, state)),
});

export const lockConsultation = (tx: Tx, id: bigint) => lockRow(tx, consultations, { id });

export function markHandled(tx: Tx, id: bigint, change: { handledAt: Date; handledBy: UserId }) {
  return tx
    .update(consultations)
    .set({ state: 'handled', ...change })
    .where(and(eq(consultations.id, id), eq(consultations.state, 'pending')));
}
