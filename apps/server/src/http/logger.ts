import type { FastifyServerOptions } from 'fastify';
import { serializeError, serializeRequest } from './log-serializers.js';

// Fields that name or unlock a person (ARCHITECTURE §10), as the contract's bodies and our own log calls spell them.
// The outbox's `code` is left out on purpose: that provider prints the code to the log (ARCHITECTURE §7), and only it.
const SECRET_FIELDS = [
  'phone',
  'phonenumber',
  'phoneNumber',
  'email',
  'mail',
  'username',
  'idCard',
  'idNumber',
  'realName',
  'password',
  'oldPassword',
  'passwordHash',
  'token',
  'access_token',
  'authorization',
  'cookie',
  'sn',
  'verificationCode',
  'emailCode',
  'oldPhoneCode',
];

// pino's `*` matches one level: a field is redacted at the top of a log line and up to three objects deep.
const DEPTHS = ['', '*.', '*.*.', '*.*.*.'];

/** JSON logs with request ids; secrets, identity numbers and query-string values never reach them (ARCHITECTURE §10). */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    serializers: { req: serializeRequest, err: serializeError },
    redact: {
      paths: DEPTHS.flatMap((depth) => SECRET_FIELDS.map((field) => `${depth}${field}`)),
      censor: '[redacted]',
    },
  };
}
