import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { OperatorArea, PaymentStatus, RoleKey } from '../enums.js';

const clockSchema = z.object({
  now: z.string(),
  offsetMinutes: z.number().int(),
  ran: z.array(z.object({ job: z.string(), period: z.string() })),
});

export const getDevClock = defineEndpoint({
  id: 'getDevClock',
  method: 'GET',
  path: '/dev/clock',
  auth: 'none',
  devOnly: true,
  summary: 'Development: the test clock',
  tag: 'dev',
  data: clockSchema,
});

export const advanceDevClock = defineEndpoint({
  id: 'advanceDevClock',
  method: 'POST',
  path: '/dev/clock',
  auth: 'none',
  devOnly: true,
  summary: 'Development: advance the test clock and run every job that falls due',
  tag: 'dev',
  body: z.object({
    advanceMinutes: z
      .number()
      .int()
      .min(0)
      .max(60 * 24 * 400),
  }),
  data: clockSchema,
});

export const readOutbox = defineEndpoint({
  id: 'readOutbox',
  method: 'GET',
  path: '/dev/outbox',
  auth: 'none',
  devOnly: true,
  summary: 'Development: the latest messages the outbox provider "sent" to a phone or e-mail, with their codes',
  tag: 'dev',
  query: z.object({ to: z.string().trim().min(1).max(254) }),
  data: z.array(
    z.object({
      channel: z.enum(['sms', 'email']),
      to: z.string(),
      subject: z.string(),
      body: z.string(),
      code: z.string().nullable(),
      sentAt: z.string(),
    }),
  ),
});

export const scanWechatSandbox = defineEndpoint({
  id: 'scanWechatSandbox',
  method: 'POST',
  path: '/dev/wechat/scan',
  auth: 'none',
  devOnly: true,
  summary: 'Development: complete a pending WeChat QR scan as a given WeChat user (what the sandbox scan page calls)',
  tag: 'dev',
  body: z.object({
    sceneStr: z.string().trim().min(1).max(64),
    openId: z.string().trim().min(1).max(64),
    nickName: z.string().trim().max(40).optional(),
  }),
  data: z.object({ status: z.enum(['scanned']) }),
});

export const settleSandboxPayment = defineEndpoint({
  id: 'settleSandboxPayment',
  method: 'POST',
  path: '/dev/payments/:orderNo/:outcome',
  auth: 'none',
  devOnly: true,
  summary:
    'Development: what the sandbox cashier calls. pay completes the order through the notification path (notify ' +
    'false: the payment goes through but its notification is lost, for the query job to find); cancel closes it',
  tag: 'dev',
  params: z.object({ orderNo: z.string().regex(/^R\d{20}$/), outcome: z.enum(['pay', 'cancel']) }),
  body: z.object({ notify: z.boolean().default(true) }).optional(),
  data: z.object({ status: PaymentStatus.schema }),
});

export const grantDevRole = defineEndpoint({
  id: 'grantDevRole',
  method: 'POST',
  path: '/dev/users/roles',
  auth: 'none',
  devOnly: true,
  summary: 'Development: grants a role (a KOL, a creator…) to the account a phone or e-mail names',
  tag: 'dev',
  body: z.object({ account: z.string().trim().min(1).max(254), role: RoleKey.schema }),
  data: z.object({ userId: z.string() }),
});

export const grantDevOperatorArea = defineEndpoint({
  id: 'grantDevOperatorArea',
  method: 'POST',
  path: '/dev/operators/areas',
  auth: 'none',
  devOnly: true,
  summary:
    'Development: lets the account a phone or e-mail names act in an operator area, as `npm run admin -- grant` ' +
    'does from the server shell (the only way without development tools)',
  tag: 'dev',
  body: z.object({ account: z.string().trim().min(1).max(254), area: OperatorArea.schema }),
  data: z.object({ userId: z.string() }),
});

export const closeDevPartnerReview = defineEndpoint({
  id: 'closeDevPartnerReview',
  method: 'POST',
  path: '/dev/partners/review',
  auth: 'none',
  devOnly: true,
  summary:
    'Development: ends the review of the income of the partner a phone or e-mail names now, as the 8th of next month ' +
    'would: what they earned so far becomes withdrawable (decision 0031)',
  tag: 'dev',
  body: z.object({ account: z.string().trim().min(1).max(254) }),
  data: z.object({ userId: z.string() }),
});
