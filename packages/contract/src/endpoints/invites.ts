import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { moneyTextSchema, pageQuerySchema, pageSchema } from '../envelope.js';

export const getInvitationCode = defineEndpoint({
  id: 'getInvitationCode',
  method: 'GET',
  path: '/auth/user/getInvitationCode',
  auth: 'user',
  summary: "The caller's invitation code, which the console puts in its register link (?invitationCode=) and QR",
  tag: 'invites',
  data: z.object({ invitationCode: z.string() }),
});

const invitedRowSchema = z.object({
  /** The friend's row, for lists to key on. */
  id: z.string(),
  nickName: z.string(),
  registerTime: z.string(),
  /** When the latest voucher for this friend was granted; null while none has been. */
  rewardTime: z.string().nullable(),
  /** What the vouchers granted for this friend are worth so far (at most 65 yuan, spec §9). */
  amount: moneyTextSchema,
  /** A reward fell due while the caller or the friend had not passed real-name verification: it waits for both. */
  awaitingVerification: z.boolean(),
});

export const getInvitationAward = defineEndpoint({
  id: 'getInvitationAward',
  method: 'GET',
  path: '/system/inviteNew/getInvitationAward',
  auth: 'user',
  summary: 'The friends the caller invited, newest first, with the vouchers each earned them, and the totals',
  tag: 'invites',
  query: pageQuerySchema,
  data: pageSchema(invitedRowSchema).extend({
    /** Every voucher the caller's invitations earned, in yuan. */
    totalAmount: moneyTextSchema,
  }),
});
