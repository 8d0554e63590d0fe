import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { idTextSchema, moneyTextSchema, pageQuerySchema, pageSchema } from '../envelope.js';
import { FEEDBACK_LIMITS } from '../constants.js';
import { ConsultationService } from '../enums.js';
import { operatorReasonSchema, PHONE_PATTERN } from '../validation.js';

/** Feedback waits for an operator's reading; adopted, its author got the gift voucher. */
export const FEEDBACK_STATES = ['submitted', 'adopted'] as const;
/** A lead waits for its first call (pending), was contacted (handled), became a customer, or was closed without. */
export const CONSULTATION_STATES = ['pending', 'handled', 'converted', 'closed'] as const;
/** The states an operator moves a lead to; none goes back to pending. */
export const CONSULTATION_MOVES = ['handled', 'converted', 'closed'] as const;

const requiredText = (max: number, key: string) =>
  z
    .string({ error: `validation.feedback.${key}Required` })
    .trim()
    .min(1, { error: `validation.feedback.${key}Required` })
    .max(max, { error: `validation.feedback.${key}Length` });

export const addFeedback = defineEndpoint({
  id: 'addFeedback',
  method: 'POST',
  path: '/system/feedback/addInfo',
  auth: 'user',
  summary:
    'Sends feedback: text and up to three screenshots, each the key of a picture the caller uploaded through ' +
    'getImgPresignedUploadUrl (another user’s key or a missing one answers 404 naming screenshots)',
  tag: 'feedback',
  body: z.object({
    content: requiredText(FEEDBACK_LIMITS.contentMax, 'content'),
    screenshots: z
      .array(z.string().max(300), { error: 'validation.feedback.screenshots' })
      .max(FEEDBACK_LIMITS.screenshotsMax, { error: 'validation.feedback.screenshots' })
      .default([]),
  }),
  data: z.object({ id: z.string(), createTime: z.string() }),
});

export const consult = defineEndpoint({
  id: 'consult',
  method: 'POST',
  path: '/auth/consult',
  auth: 'none',
  summary:
    'A business consultation (no login needed): the team contacts the phone given within 24 hours. At most 5 an ' +
    'hour and 20 a day from one address (422 beyond)',
  tag: 'feedback',
  body: z.object({
    name: requiredText(FEEDBACK_LIMITS.consultNameMax, 'name'),
    company: requiredText(FEEDBACK_LIMITS.consultCompanyMax, 'company'),
    position: requiredText(FEEDBACK_LIMITS.consultPositionMax, 'position'),
    phone: z
      .string({ error: 'validation.feedback.phoneRequired' })
      .trim()
      .min(1, { error: 'validation.feedback.phoneRequired' })
      .regex(PHONE_PATTERN, { error: 'validation.phone' }),
    services: z
      .array(ConsultationService.schema, { error: 'validation.feedback.services' })
      .min(1, { error: 'validation.feedback.services' })
      .max(ConsultationService.values.length, { error: 'validation.feedback.services' })
      .transform((services) => [...new Set(services)]),
    requirement: z
      .string({ error: 'validation.feedback.requirementLength' })
      .trim()
      .max(FEEDBACK_LIMITS.consultRequirementMax, { error: 'validation.feedback.requirementLength' })
      .default(''),
  }),
  data: z.object({ id: z.string(), replyWithinHours: z.number().int() }),
});

const feedbackRowSchema = z.object({
  id: z.string(),
  userId: z.string(),
  content: z.string(),
  /** Links to read each screenshot, valid for an hour. */
  screenshotUrls: z.array(z.string()),
  state: z.enum(FEEDBACK_STATES),
  createTime: z.string(),
  adoptedAt: z.string().nullable(),
});

export const listFeedback = defineEndpoint({
  id: 'listFeedback',
  method: 'GET',
  path: '/admin/support/feedback',
  auth: 'user',
  operator: 'support',
  summary: 'Operators: feedback in a state (submitted unless told), newest first, with links to its screenshots',
  tag: 'admin',
  query: pageQuerySchema.extend({ state: z.enum(FEEDBACK_STATES).default('submitted') }),
  data: pageSchema(feedbackRowSchema),
});

export const adoptFeedback = defineEndpoint({
  id: 'adoptFeedback',
  method: 'POST',
  path: '/admin/support/feedback/:id/adopt',
  auth: 'user',
  operator: 'support',
  summary:
    'Operators: marks feedback adopted, which gives its author the gift voucher and a notice; feedback already ' +
    'adopted answers 409 and gives nothing',
  tag: 'admin',
  params: z.object({ id: idTextSchema }),
  body: z.object({ reason: operatorReasonSchema }),
  data: z.object({ id: z.string(), state: z.enum(FEEDBACK_STATES), voucherId: z.string(), amount: moneyTextSchema }),
});

const consultationRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  company: z.string(),
  position: z.string(),
  phone: z.string(),
  services: z.array(ConsultationService.schema),
  requirement: z.string(),
  state: z.enum(CONSULTATION_STATES),
  createTime: z.string(),
  handledAt: z.string().nullable(),
  /** How many notes its timeline holds. */
  notes: z.number().int(),
  version: z.number().int(),
});

export const listConsultations = defineEndpoint({
  id: 'listConsultations',
  method: 'GET',
  path: '/admin/support/consultations',
  auth: 'user',
  operator: 'support',
  summary: 'Operators: business consultations in a state (pending unless told), oldest first',
  tag: 'admin',
  query: pageQuerySchema.extend({
    state: z.enum(CONSULTATION_STATES, { error: 'validation.feedback.consultationState' }).default('pending'),
  }),
  data: pageSchema(consultationRowSchema),
});

export const handleConsultation = defineEndpoint({
  id: 'handleConsultation',
  method: 'POST',
  path: '/admin/support/consultations/:id/handle',
  auth: 'user',
  operator: 'support',
  summary: 'Operators: marks a consultation handled (the customer was contacted); one already handled answers 409',
  tag: 'admin',
  params: z.object({ id: idTextSchema }),
  body: z.object({ reason: operatorReasonSchema }),
  data: z.object({ id: z.string(), state: z.enum(CONSULTATION_STATES) }),
});

/** The version a change was read at: a lead changed since is refused 409 (compare-and-set). */
const consultationVersionSchema = z.coerce
  .number({ error: 'validation.feedback.consultationVersion' })
  .int({ error: 'validation.feedback.consultationVersion' })
  .min(1, { error: 'validation.feedback.consultationVersion' });

const consultationNoteSchema = z.object({
  id: z.string(),
  authorId: z.string(),
  note: z.string(),
  /** The state the lead moved to with this note; null for a note alone. */
  state: z.enum(CONSULTATION_MOVES).nullable(),
  createTime: z.string(),
});

export const setConsultationState = defineEndpoint({
  id: 'setConsultationState',
  method: 'POST',
  path: '/admin/support/consultations/:id/state',
  auth: 'user',
  operator: 'support',
  summary:
    'Operators: moves a lead on (handled, converted, closed), the reason kept as a note of its timeline; a lead ' +
    'already in that state, or changed since `version`, answers 409',
  tag: 'admin',
  params: z.object({ id: idTextSchema }),
  body: z.object({
    state: z.enum(CONSULTATION_MOVES, { error: 'validation.feedback.consultationMove' }),
    version: consultationVersionSchema,
    reason: operatorReasonSchema,
  }),
  data: z.object({ id: z.string(), state: z.enum(CONSULTATION_STATES), version: z.number().int() }),
});

export const listConsultationNotes = defineEndpoint({
  id: 'listConsultationNotes',
  method: 'GET',
  path: '/admin/support/consultations/:id/notes',
  auth: 'user',
  operator: 'support',
  summary: 'Operators: the timeline of a lead, oldest first: each note, who wrote it, and the state it moved to',
  tag: 'admin',
  params: z.object({ id: idTextSchema }),
  data: z.array(consultationNoteSchema),
});

export const addConsultationNote = defineEndpoint({
  id: 'addConsultationNote',
  method: 'POST',
  path: '/admin/support/consultations/:id/notes',
  auth: 'user',
  operator: 'support',
  summary: 'Operators: adds a note to a lead’s timeline (the reason is the note, kept in the audit row too)',
  tag: 'admin',
  params: z.object({ id: idTextSchema }),
  body: z.object({ reason: operatorReasonSchema }),
  data: consultationNoteSchema,
});
