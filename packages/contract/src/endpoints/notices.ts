import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { pageQuerySchema, pageSchema } from '../envelope.js';

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
