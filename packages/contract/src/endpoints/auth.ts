import { z } from 'zod';
import { VerifiedStatus } from '../enums.js';
import { defineEndpoint } from '../endpoint.js';
import { emailSchema, passwordSchema, phoneSchema } from '../validation.js';

/**
 * '1' register, '2' login (spec §7); 'reset' forgotten password; 'phone' phone change, sent to the new number;
 * 'oldPhone' phone change, sent to the signed-in user's current number; 'bind' WeChat phone binding; 'email' and
 * 'oldEmail' the same pair for the e-mail.
 */
export const codePurposeSchema = z.enum(['1', '2', 'reset', 'phone', 'oldPhone', 'bind', 'email', 'oldEmail']);
export type CodePurpose = z.output<typeof codePurposeSchema>;

const required = (message: string) => z.string({ error: message }).trim().min(1, { error: message });
const captchaQuery = z.object({
  code: z.string().trim().max(10).optional(),
  uuid: z.string().trim().max(64).optional(),
});
const verificationCode = z
  .string({ error: 'validation.codeRequired' })
  .trim()
  .regex(/^\d{6}$/, { error: 'validation.code' });
const eventKey = z.string().trim().max(64).optional().nullable();
const tokenSchema = z.object({ access_token: z.string(), expires_in: z.number().int() });

export const getCaptcha = defineEndpoint({
  id: 'getCaptcha',
  method: 'GET',
  path: '/code',
  auth: 'none',
  summary: 'A single-use arithmetic captcha (two-minute life); captchaEnabled is false when CAPTCHA=off',
  tag: 'auth',
  data: z.object({ captchaEnabled: z.boolean(), img: z.string(), uuid: z.string() }),
});

export const checkLocation = defineEndpoint({
  id: 'checkLocation',
  method: 'GET',
  path: '/auth/checkLocation',
  auth: 'none',
  summary: 'The local flag: 1 when e-mail login suits the caller better (outside mainland China), else 0',
  tag: 'auth',
  data: z.union([z.literal(0), z.literal(1)]),
});

export const sendSmsCode = defineEndpoint({
  id: 'sendSmsCode',
  method: 'POST',
  path: '/auth/msm/send',
  auth: 'optional',
  summary:
    'Send a six-digit code by SMS (5-minute life, resend after 60 s, 10 a day). Type oldPhone goes to the ' +
    "signed-in user's current phone, whatever `phone` says, so `phone` may be left out; every other type needs it",
  tag: 'auth',
  query: captchaQuery,
  body: z
    .object({ phone: phoneSchema.optional(), type: codePurposeSchema })
    .refine((body) => body.type === 'oldPhone' || body.phone !== undefined, {
      error: 'validation.phone',
      path: ['phone'],
    }),
  data: z.null(),
});

export const sendEmailCode = defineEndpoint({
  id: 'sendEmailCode',
  method: 'POST',
  path: '/auth/email/send',
  auth: 'optional',
  summary:
    'Send a six-digit code by e-mail (5-minute life, resend after 60 s, 10 a day). Type oldEmail goes to the ' +
    "signed-in user's current e-mail, whatever `email` says, so `email` may be left out; every other type needs it",
  tag: 'auth',
  query: captchaQuery,
  body: z
    .object({ email: emailSchema.optional(), type: codePurposeSchema })
    .refine((body) => body.type === 'oldEmail' || body.email !== undefined, {
      error: 'validation.email',
      path: ['email'],
    }),
  data: z.null(),
});

export const registerByPhone = defineEndpoint({
  id: 'registerByPhone',
  method: 'POST',
  path: '/auth/user/registerClient',
  auth: 'none',
  summary: 'Register by phone; with an eventKey from a WeChat scan the password may be null (WeChat registration)',
  tag: 'auth',
  query: z.object({ invitationCode: z.string().trim().max(32).optional() }),
  body: z.object({
    phonenumber: phoneSchema,
    password: passwordSchema.nullable().optional(),
    verificationCode,
    code: z.string().trim().max(10).optional(),
    uuid: z.string().trim().max(64).optional(),
    eventKey,
  }),
  data: tokenSchema,
});

export const registerByEmail = defineEndpoint({
  id: 'registerByEmail',
  method: 'POST',
  path: '/auth/user/registerByEmail',
  auth: 'none',
  summary: 'Register by e-mail with a password and the code sent to the address',
  tag: 'auth',
  query: z.object({ invitationCode: z.string().trim().max(32).optional() }),
  body: z.object({
    mail: emailSchema,
    password: passwordSchema,
    emailCode: verificationCode,
    code: z.string().trim().max(10).optional(),
    uuid: z.string().trim().max(64).optional(),
  }),
  data: tokenSchema,
});

export const getUserByPhoneNumber = defineEndpoint({
  id: 'getUserByPhoneNumber',
  method: 'GET',
  path: '/auth/user/getUserByPhoneNumber',
  auth: 'none',
  summary: 'Whether a phone is registered: data 1 when it is (rate limited per address)',
  tag: 'auth',
  query: z.object({ phoneNumber: phoneSchema }),
  data: z.union([z.literal(0), z.literal(1)]),
  rateLimitPerMinute: 20,
});

export const getUserByMail = defineEndpoint({
  id: 'getUserByMail',
  method: 'GET',
  path: '/auth/user/getUserByMail',
  auth: 'none',
  summary: 'Whether an e-mail is registered: data 1 when it is (rate limited per address)',
  tag: 'auth',
  query: z.object({ mail: emailSchema }),
  data: z.union([z.literal(0), z.literal(1)]),
  rateLimitPerMinute: 20,
});

export const loginByPassword = defineEndpoint({
  id: 'loginByPassword',
  method: 'POST',
  path: '/auth/loginByPassword',
  auth: 'none',
  summary: 'Log in with a phone or e-mail and password; an eventKey binds a scanned WeChat to the account',
  tag: 'auth',
  body: z.object({
    username: required('validation.accountRequired'),
    password: required('validation.passwordRequired').max(128),
    code: z.string().trim().max(10).optional(),
    uuid: z.string().trim().max(64).optional(),
    eventKey,
  }),
  data: tokenSchema,
});

export const loginByCode = defineEndpoint({
  id: 'loginByCode',
  method: 'POST',
  path: '/auth/loginByCode',
  auth: 'none',
  summary: 'Log in with a phone or e-mail and the code sent to it (type 2)',
  tag: 'auth',
  body: z.object({
    username: required('validation.accountRequired'),
    verificationCode,
    code: z.string().trim().max(10).optional(),
    uuid: z.string().trim().max(64).optional(),
    eventKey,
  }),
  data: tokenSchema,
});

export const forgetPassword = defineEndpoint({
  id: 'forgetPassword',
  method: 'POST',
  path: '/auth/user/forgetPassword',
  auth: 'none',
  summary: 'Set a new password with a code (purpose reset) sent to the phone or e-mail; ends every other session',
  tag: 'auth',
  body: z.object({ username: required('validation.accountRequired'), verificationCode, password: passwordSchema }),
  data: z.null(),
});

export const getIsPwd = defineEndpoint({
  id: 'getIsPwd',
  method: 'GET',
  path: '/auth/user/getIsPwd',
  auth: 'user',
  summary: 'Whether the current user has a password: data 1 when set',
  tag: 'auth',
  data: z.union([z.literal(0), z.literal(1)]),
});

export const updatePassword = defineEndpoint({
  id: 'updatePassword',
  method: 'PUT',
  path: '/auth/user/upPwd',
  auth: 'user',
  summary: 'Set or change the password; the current one is required when one exists',
  tag: 'auth',
  body: z.object({ oldPassword: z.string().max(128).optional().nullable(), password: passwordSchema }),
  data: z.null(),
});

export const updatePhone = defineEndpoint({
  id: 'updatePhone',
  method: 'PUT',
  path: '/auth/user/upPhone',
  auth: 'user',
  summary:
    'Change the phone with a code (purpose phone) sent to the new number and, when the account has a phone, ' +
    'oldPhoneCode: a code (purpose oldPhone) sent to the current one',
  tag: 'auth',
  body: z.object({ phonenumber: phoneSchema, verificationCode, oldPhoneCode: verificationCode.optional() }),
  data: z.null(),
});

export const updateEmail = defineEndpoint({
  id: 'updateEmail',
  method: 'PUT',
  path: '/auth/user/upEmail',
  auth: 'user',
  summary:
    'Bind or change the e-mail with a code (purpose email) sent to the new address and, when the account has an ' +
    'e-mail, oldEmailCode: a code (purpose oldEmail) sent to the current one',
  tag: 'auth',
  body: z.object({ email: emailSchema, emailCode: verificationCode, oldEmailCode: verificationCode.optional() }),
  data: z.null(),
});

export const logout = defineEndpoint({
  id: 'logout',
  method: 'DELETE',
  path: '/auth/logout',
  auth: 'user',
  summary: 'Revoke the session of the bearer token',
  tag: 'auth',
  data: z.null(),
});

export const getVerified = defineEndpoint({
  id: 'getVerified',
  method: 'POST',
  path: '/system/user/getVerified',
  auth: 'user',
  summary: "The current user's real-name verification status ('1' verified, '0' not)",
  tag: 'realName',
  data: z.object({ status: VerifiedStatus.schema }),
});
