import type { ConsultationService } from '@suanli/contract';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { at, byDatabase, id, userIdColumn } from '../../db/columns.js';
import type { UserId } from '../../db/ids.js';

type ServiceName = (typeof ConsultationService.values)[number];

export type FeedbackState = 'submitted' | 'adopted';
export type ConsultationState = 'pending' | 'handled' | 'converted' | 'closed';
export type ConsultationMove = Exclude<ConsultationState, 'pending'>;

/** A user's feedback with the keys of up to three screenshots they uploaded (migration 0050). */
export const feedback = pgTable('feedback', {
  id: id().primaryKey().generatedAlwaysAsIdentity(),
  userId: userIdColumn(),
  content: text('content').notNull(),
  screenshotKeys: text('screenshot_keys').array().notNull().default(byDatabase),
  state: text('state').$type<FeedbackState>().notNull().default(byDatabase),
  createdAt: at('created_at').notNull(),
  adoptedAt: at('adopted_at'),
  adoptedBy: id('adopted_by').$type<UserId>(),
  voucherId: id('voucher_id'),
});

export type FeedbackRow = typeof feedback.$inferSelect;

/** A business consultation, from anyone, signed in or not (migration 0050). */
export const consultations = pgTable('consultations', {
  id: id().primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  company: text('company').notNull(),
  position: text('position').notNull(),
  phone: text('phone').notNull(),
  services: text('services').array().$type<ServiceName[]>().notNull(),
  requirement: text('requirement').notNull().default(byDatabase),
  address: text('address').notNull(),
  state: text('state').$type<ConsultationState>().notNull().default(byDatabase),
  createdAt: at('created_at').notNull(),
  handledAt: at('handled_at'),
  handledBy: id('handled_by').$type<UserId>(),
  /** What an operator's change compares and sets (migration 0059). */
  version: integer('version').notNull().default(byDatabase),
});

export type ConsultationRow = typeof consultations.$inferSelect;

/** The timeline of a lead: operators' notes, each naming the state it moved the lead to, if any (migration 0059). */
export const consultationNotes = pgTable('consultation_notes', {
  id: id().primaryKey().generatedAlwaysAsIdentity(),
  consultationId: id('consultation_id').notNull(),
  authorId: id('author_id').$type<UserId>().notNull(),
  note: text('note').notNull(),
  state: text('state').$type<ConsultationMove>(),
  createdAt: at('created_at').notNull(),
});

export type ConsultationNoteRow = typeof consultationNotes.$inferSelect;
