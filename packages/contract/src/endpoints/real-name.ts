import { z } from 'zod';
import { VerifiedStatus } from '../enums.js';
import { defineEndpoint } from '../endpoint.js';

const recordSchema = z.object({
  status: VerifiedStatus.schema,
  /** Masked: 张*三, 1101**********1234. */
  realName: z.string().nullable(),
  idCard: z.string().nullable(),
  verifiedAt: z.string().nullable(),
  attemptsLeft: z.number().int().min(0),
  sandbox: z.boolean(),
});

export const verifyRealName = defineEndpoint({
  id: 'verifyRealName',
  method: 'POST',
  path: '/auth/realNameAuth2',
  auth: 'user',
  summary: 'Verify the current user by real name and ID number (3 attempts per 24 hours)',
  tag: 'realName',
  query: z.object({
    realName: z
      .string({ error: 'validation.realNameRequired' })
      .trim()
      .min(2, { error: 'validation.realName' })
      .max(40),
    idCard: z
      .string({ error: 'validation.idCardRequired' })
      .trim()
      .toUpperCase()
      .regex(/^\d{17}[\dX]$/, { error: 'validation.idCard' }),
  }),
  data: recordSchema,
});

export const getRealNameStatus = defineEndpoint({
  id: 'getRealNameStatus',
  method: 'PUT',
  path: '/auth/user/upVerified',
  auth: 'user',
  summary: 'The identity check: verification status, masked record and attempts left today',
  tag: 'realName',
  data: recordSchema,
});
