import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { dateSchema } from '../dates.js';
import { defineEndpoint } from '../endpoint.js';
import { idTextSchema } from '../envelope.js';

// The API open platform (spec §1 "Apply for API keys", §2 /APIOpen, §7 "Notices, sharing, feedback, API keys"): keys
// a user makes to call their online applications through the metered gateway (docs/decisions/0032). A key is shown
// once, when made or rotated; the server keeps only its hash and its first characters.

const credentialNameSchema = z
  .string({ error: 'validation.apiKeyName' })
  .trim()
  .min(1, { error: 'validation.apiKeyName' })
  .max(LIMITS.apiKeyNameMaxLength, { error: 'validation.apiKeyName' });

const credentialSchema = z.object({
  credentialId: z.string(),
  name: z.string(),
  /** The key's first characters, to tell keys apart; never the key. */
  prefix: z.string(),
  createTime: z.string(),
  /** The end of the last day the key works (ISO 8601); null: no end. */
  expireTime: z.string().nullable(),
  lastUsedTime: z.string().nullable(),
  /** When the key was last rotated; null: never. */
  rotateTime: z.string().nullable(),
});

/** A key as it is shown, once: the credential and the secret itself. */
const issuedSchema = credentialSchema.extend({ key: z.string() });

export const createApiCredential = defineEndpoint({
  id: 'createApiCredential',
  method: 'POST',
  path: '/system/userApiCredentials/create',
  auth: 'user',
  summary: 'Makes an API key with a name and an optional last day; the key is in this answer only, stored hashed',
  tag: 'apiOpen',
  body: z.object({
    name: credentialNameSchema,
    /** The last day the key works (business time); none: until revoked. */
    expireDate: dateSchema.optional(),
  }),
  data: issuedSchema,
});

export const getUserApiCredentials = defineEndpoint({
  id: 'getUserApiCredentials',
  method: 'GET',
  path: '/system/userApiCredentials/getUserApiCredentials',
  auth: 'user',
  summary: "The caller's API keys, newest first: name, prefix, created, last day, last used",
  tag: 'apiOpen',
  data: z.object({ rows: z.array(credentialSchema) }),
});

export const updateApiCredentialToken = defineEndpoint({
  id: 'updateApiCredentialToken',
  method: 'PUT',
  path: '/system/userApiCredentials/updateToken',
  auth: 'user',
  summary: 'Rotates a key: a new one, in this answer only; the old one stops working at once',
  tag: 'apiOpen',
  query: z.object({ credentialId: idTextSchema }),
  data: issuedSchema,
});

export const revokeApiCredential = defineEndpoint({
  id: 'revokeApiCredential',
  method: 'DELETE',
  path: '/system/userApiCredentials/revoke/:credentialId',
  auth: 'user',
  summary: 'Revokes a key: it stops working at once and leaves the list',
  tag: 'apiOpen',
  params: z.object({ credentialId: idTextSchema }),
  data: z.object({ credentialId: z.string() }),
});

export const obtainApplicationApiLink = defineEndpoint({
  id: 'obtainApplicationApiLink',
  method: 'GET',
  path: '/equipment/onlineApplication/obtainApplicationApiLink',
  auth: 'user',
  summary: "A running application's API address through the metered gateway, and the power points a call costs",
  tag: 'apiOpen',
  query: z.object({ applicationId: idTextSchema }),
  data: z.object({
    applicationId: z.string(),
    /** The gateway's address for the application's API link: append the API's own path. */
    url: z.string(),
    /** The header the key goes in: `Authorization: Bearer <key>`. */
    header: z.literal('Authorization'),
    pointsPerCall: z.number().int(),
    /** Calls one key may make a minute. */
    rateLimitPerMinute: z.number().int(),
  }),
});
