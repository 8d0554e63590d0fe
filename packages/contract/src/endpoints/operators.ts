import { z } from 'zod';
import { dateSchema, withDateRange } from '../dates.js';
import { defineEndpoint } from '../endpoint.js';
import { idTextSchema, pageQuerySchema, pageSchema } from '../envelope.js';
import { OperatorArea } from '../enums.js';
import { accountSchema, operatorReasonSchema } from '../validation.js';

const areasSchema = z.array(OperatorArea.schema);

export const getMyOperatorAreas = defineEndpoint({
  id: 'getMyOperatorAreas',
  method: 'GET',
  path: '/operators/me/areas',
  auth: 'user',
  summary:
    "The areas of the operations console the signed-in user may act in (none for a user): what the console's menu " +
    'offers; every operator call is still checked on the server',
  tag: 'operators',
  data: z.object({ areas: areasSchema }),
});

/** Text a filter matches the start of (`operators.` finds every grant and revoke; `user:42` one user's rows). */
const prefixFilter = z.string().trim().min(1).max(120).optional();

const auditRowSchema = z.object({
  id: z.string(),
  /** Null: the server's shell (`npm run admin`). */
  operatorId: z.string().nullable(),
  /** The operator's phone, else e-mail, else null. */
  operatorAccount: z.string().nullable(),
  area: OperatorArea.schema,
  action: z.string(),
  target: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string(),
  requestId: z.string(),
  createTime: z.string(),
});

export const listAuditLog = defineEndpoint({
  id: 'listAuditLog',
  method: 'GET',
  path: '/admin/admin/audit',
  auth: 'user',
  operator: 'admin',
  summary:
    'Operators: the audit log, newest first, filtered by operator, area, action and target (each from its start) and ' +
    'business days; read only, as nothing edits or deletes it',
  tag: 'admin',
  query: withDateRange(
    pageQuerySchema.extend({
      operatorId: idTextSchema.optional(),
      area: OperatorArea.schema.optional(),
      action: prefixFilter,
      target: prefixFilter,
      startDate: dateSchema.optional(),
      endDate: dateSchema.optional(),
    }),
  ),
  data: pageSchema(auditRowSchema),
});

const operatorRowSchema = z.object({ userId: z.string(), account: z.string().nullable(), areas: areasSchema });

export const listOperators = defineEndpoint({
  id: 'listOperators',
  method: 'GET',
  path: '/admin/admin/operators',
  auth: 'user',
  operator: 'admin',
  summary: 'Operators: every account holding an area, by user id, with its areas',
  tag: 'admin',
  query: pageQuerySchema,
  data: pageSchema(operatorRowSchema),
});

const grantBody = z.object({ account: accountSchema, area: OperatorArea.schema, reason: operatorReasonSchema });
const grantAnswer = operatorRowSchema.extend({ changed: z.boolean() });

export const grantOperatorArea = defineEndpoint({
  id: 'grantOperatorArea',
  method: 'POST',
  path: '/admin/admin/operators/grant',
  auth: 'user',
  operator: 'admin',
  summary: 'Operators: lets the account a phone or e-mail names act in an area; granting it twice changes nothing',
  tag: 'admin',
  body: grantBody,
  data: grantAnswer,
});

export const revokeOperatorArea = defineEndpoint({
  id: 'revokeOperatorArea',
  method: 'POST',
  path: '/admin/admin/operators/revoke',
  auth: 'user',
  operator: 'admin',
  summary: 'Operators: takes an area from an account; an administrator cannot take the admin area from themself (409)',
  tag: 'admin',
  body: grantBody,
  data: grantAnswer,
});
