import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { idTextSchema, pageQuerySchema, pageSchema } from '../envelope.js';
import { operatorReasonSchema } from '../validation.js';

const informSchema = z.object({
  informId: z.string(),
  kind: z.string(),
  title: z.string(),
  content: z.string(),
  read: z.boolean(),
  createTime: z.string(),
});

const noticeSchema = z.object({
  noticeId: z.string(),
  title: z.string(),
  content: z.string(),
  read: z.boolean(),
  publishTime: z.string(),
});

const idsSchema = z.object({
  informIds: z
    .array(z.string().regex(/^\d{1,18}$/))
    .max(100)
    .optional(),
  all: z.boolean().optional(),
});

export const listInforms = defineEndpoint({
  id: 'listInforms',
  method: 'GET',
  path: '/system/inform/getAllInform',
  auth: 'user',
  summary: "The current user's notices, newest first, with the unread count",
  tag: 'notices',
  query: pageQuerySchema,
  data: pageSchema(informSchema).extend({ unread: z.number().int() }),
});

export const markInformsRead = defineEndpoint({
  id: 'markInformsRead',
  method: 'PUT',
  path: '/system/inform/updateInform',
  auth: 'user',
  summary: 'Mark notices read (the given ids, or all)',
  tag: 'notices',
  body: idsSchema,
  data: z.object({ unread: z.number().int() }),
});

export const deleteInforms = defineEndpoint({
  id: 'deleteInforms',
  method: 'PUT',
  path: '/system/inform/deleteInform',
  auth: 'user',
  summary: 'Delete notices (the given ids, or all)',
  tag: 'notices',
  body: idsSchema,
  data: z.object({ unread: z.number().int() }),
});

export const listPlatformNotices = defineEndpoint({
  id: 'listPlatformNotices',
  method: 'GET',
  path: '/system/notice/getNoticeUser',
  auth: 'user',
  summary: 'Platform notices, newest first, each with whether the current user has read it',
  tag: 'notices',
  query: pageQuerySchema,
  data: pageSchema(noticeSchema),
});

export const getNewNotice = defineEndpoint({
  id: 'getNewNotice',
  method: 'GET',
  path: '/system/notice/getNewNotice',
  auth: 'user',
  summary: 'The newest platform notice the current user has not seen, to show once as a popup; null when none',
  tag: 'notices',
  data: noticeSchema.nullable(),
});

export const markNoticeRead = defineEndpoint({
  id: 'markNoticeRead',
  method: 'POST',
  path: '/system/notice/createNoticeUser',
  auth: 'user',
  summary: 'Record that the current user has seen a platform notice',
  tag: 'notices',
  body: z.object({ noticeId: z.string().regex(/^\d{1,18}$/) }),
  data: z.null(),
});

/** Where a platform notice stands on the business clock: waiting for its time, shown to users, or taken back. */
export const NOTICE_STATUSES = ['scheduled', 'published', 'withdrawn'] as const;
const noticeStatusSchema = z.enum(NOTICE_STATUSES, { error: 'validation.notices.status' });

const noticeText = (key: string, max: number) =>
  z
    .string({ error: `validation.notices.${key}` })
    .trim()
    .min(1, { error: `validation.notices.${key}` })
    .max(max, { error: `validation.notices.${key}` });

/** A notice in both languages, and when it goes out (omitted: now). */
const noticeFieldsSchema = z.object({
  titleZh: noticeText('titleZh', 100),
  titleEn: noticeText('titleEn', 100),
  contentZh: noticeText('contentZh', 5000),
  contentEn: noticeText('contentEn', 5000),
  publishTime: z.iso.datetime({ offset: true, error: 'validation.notices.publishTime' }).optional(),
});

/** The version a change was read at: a notice changed since is refused 409 (compare-and-set). */
const noticeVersionSchema = z.coerce
  .number({ error: 'validation.notices.version' })
  .int({ error: 'validation.notices.version' })
  .min(1, { error: 'validation.notices.version' });

const adminNoticeSchema = z.object({
  id: z.string(),
  titleZh: z.string(),
  titleEn: z.string(),
  contentZh: z.string(),
  contentEn: z.string(),
  publishTime: z.string(),
  status: noticeStatusSchema,
  withdrawnAt: z.string().nullable(),
  version: z.number().int(),
});

export const listAdminNotices = defineEndpoint({
  id: 'listAdminNotices',
  method: 'GET',
  path: '/admin/support/notices',
  auth: 'user',
  operator: 'support',
  summary:
    'Operators: platform notices, latest publish time first, each scheduled, published or withdrawn on the business ' +
    'clock, filtered by status, with the version a change must name',
  tag: 'admin',
  query: pageQuerySchema.extend({ status: noticeStatusSchema.optional() }),
  data: pageSchema(adminNoticeSchema),
});

export const createNotice = defineEndpoint({
  id: 'createNotice',
  method: 'POST',
  path: '/admin/support/notices',
  auth: 'user',
  operator: 'support',
  summary:
    'Operators: writes a platform notice in both languages, shown to every user from its publish time (now when ' +
    'omitted; a time already past answers 400 naming publishTime)',
  tag: 'admin',
  body: noticeFieldsSchema.extend({ reason: operatorReasonSchema }),
  data: adminNoticeSchema,
});

export const updateNotice = defineEndpoint({
  id: 'updateNotice',
  method: 'PUT',
  path: '/admin/support/notices/:id',
  auth: 'user',
  operator: 'support',
  summary:
    'Operators: rewrites or reschedules a notice before it goes out; one published or withdrawn, or changed since ' +
    '`version`, answers 409',
  tag: 'admin',
  params: z.object({ id: idTextSchema }),
  body: noticeFieldsSchema.extend({ version: noticeVersionSchema, reason: operatorReasonSchema }),
  data: adminNoticeSchema,
});

export const withdrawNotice = defineEndpoint({
  id: 'withdrawNotice',
  method: 'POST',
  path: '/admin/support/notices/:id/withdraw',
  auth: 'user',
  operator: 'support',
  summary:
    'Operators: takes a notice (published or scheduled) from every user’s list; one withdrawn already, or changed ' +
    'since `version`, answers 409',
  tag: 'admin',
  params: z.object({ id: idTextSchema }),
  body: z.object({ version: noticeVersionSchema, reason: operatorReasonSchema }),
  data: adminNoticeSchema,
});
