import { ERRORS, errorMessageKey, translate, type ErrorCode } from '@suanli/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './app-error.js';
import { validationMessage } from './validation-message.js';

// Fastify's own errors that are the caller's fault, by their code.
const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'payloadTooLarge',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupportedMediaType',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'malformedJson',
  FST_ERR_CTP_INVALID_JSON_BODY: 'malformedJson',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'badRequest',
};

function send(reply: FastifyReply, { status, msg, field }: { status: number; msg: string; field?: string }) {
  const data = { requestId: String(reply.request.id), ...(field ? { field } : {}) };
  return reply.code(status).type('application/json; charset=utf-8').send({ code: status, msg, data });
}

function classify(error: FastifyError): ErrorCode | undefined {
  if (error.code && FASTIFY_CODES[error.code]) {
    return FASTIFY_CODES[error.code];
  }
  if (error instanceof SyntaxError && error.statusCode === 400) {
    return 'malformedJson';
  }
  if (error.statusCode === 429) {
    return 'rateLimited';
  }
  const status = error.statusCode ?? 500;
  return status >= 400 && status < 500 ? 'badRequest' : undefined;
}

/** Maps every error to the envelope (ARCHITECTURE §3); 5xx details stay in the log, never in the response. */
export const errorHandlerPlugin = fp(
  async (app: FastifyInstance, options: { bodyLimit: number }) => {
    app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      const { locale } = request;
      if (hasZodFastifySchemaValidationErrors(error)) {
        const first = error.validation[0]!;
        const issue = {
          ...first.params,
          code: first.keyword,
          message: first.message,
          path: first.instancePath.split('/').filter(Boolean),
        };
        const { field, msg } = validationMessage(locale, issue, error.validationContext);
        return send(reply, { status: ERRORS.validation, msg, field });
      }
      if (error instanceof AppError) {
        if (error.status >= 500) {
          request.log.error({ err: error.options.cause ?? error }, 'request failed');
        }
        const key = error.options.messageKey ?? errorMessageKey(error.code);
        const msg = translate(locale, key, error.options.params);
        return send(reply, { status: error.status, msg, field: error.options.field });
      }
      const code = classify(error);
      if (code) {
        const params = { limit: options.bodyLimit, method: request.method, path: request.url };
        return send(reply, { status: ERRORS[code], msg: translate(locale, errorMessageKey(code), params) });
      }
      request.log.error({ err: error }, 'unexpected error');
      return send(reply, { status: 500, msg: translate(locale, errorMessageKey('internal')) });
    });
  },
  { name: 'error-handler', dependencies: ['locale'] },
);
