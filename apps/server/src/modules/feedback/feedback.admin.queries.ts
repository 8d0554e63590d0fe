import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import type { UserId } from '../../db/ids.js';
import { lockRow } from '../../db/locks.js';
import type { PageWindow } from '../../db/paging.js';
import {
  consultationNotes,
  consultations,
  feedback,
  type ConsultationMove,
  type ConsultationState,
  type FeedbackState,
} from './feedback.tables.js';

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

/** Consultations in a state, oldest first: the order the team calls back in; each with how many notes it has. */
export const consultationPage = (db: Db, state: ConsultationState) => ({
  rows: ({ limit, offset }: PageWindow) =>
    db
      .select({
        consultation: consultations,
        // Written out: drizzle leaves the columns of a one-table select unqualified, and id is in both tables.
        notes: sql<number>`(SELECT count(*)::int FROM consultation_notes WHERE consultation_notes.consultation_id = consultations.id)`,
      })
      .from(consultations)
      .where(eq(consultations.state, state))
      .orderBy(asc(consultations.id))
      .limit(limit)
      .offset(offset),
  total: () => db.$count(consultations, eq(consultations.state, state)),
});

export const lockConsultation = (tx: Tx, id: bigint) => lockRow(tx, consultations, { id });

/**
 * Moves a lead to a state, compare-and-set on the version read: false when another change came first. The first move
 * out of pending is when the customer was contacted.
 */
export async function moveConsultation(
  tx: Tx,
  { id, version }: { id: bigint; version: number },
  change: { state: ConsultationMove; at: Date; by: UserId },
) {
  const rows = await tx
    .update(consultations)
    .set({
      state: change.state,
      handledAt: sql`coalesce(${consultations.handledAt}, ${change.at.toISOString()}::timestamptz)`,
      handledBy: sql`coalesce(${consultations.handledBy}, ${change.by}::bigint)`,
      version: sql`${consultations.version} + 1`,
    })
    .where(and(eq(consultations.id, id), eq(consultations.version, version)))
    .returning({ version: consultations.version });
  return rows[0]?.version ?? null;
}

export async function insertConsultationNote(
  tx: Tx,
  note: { consultationId: bigint; authorId: UserId; note: string; state: ConsultationMove | null; createdAt: Date },
) {
  const [row] = await tx.insert(consultationNotes).values(note).returning();
  return row!;
}

/** A lead's timeline, oldest first. */
export const consultationNotesOf = (db: Db, consultationId: bigint) =>
  db
    .select()
    .from(consultationNotes)
    .where(eq(consultationNotes.consultationId, consultationId))
    .orderBy(asc(consultationNotes.id));

export async function consultationExists(db: Db, id: bigint) {
  return (await db.$count(consultations, eq(consultations.id, id))) > 0;
}
