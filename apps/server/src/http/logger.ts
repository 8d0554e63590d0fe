import type { FastifyServerOptions } from 'fastify';

/** JSON logs with request ids; secrets and identity numbers never reach them (ARCHITECTURE §10). */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers.sn',
        '*.password',
        '*.idCard',
        '*.token',
        '*.access_token',
      ],
      censor: '[redacted]',
    },
  };
}
