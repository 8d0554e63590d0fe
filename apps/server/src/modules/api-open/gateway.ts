import replyFrom from '@fastify/reply-from';
import rateLimit from '@fastify/rate-limit';
import { API_GATEWAY, ERRORS, errorMessageKey, pickLocale, translate } from '@suanli/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.js';
import { sharedStore, type SharedCounter } from '../../http/shared-rate-limit.js';
import type { ApiTarget, ApplicationsModuleService } from '../applications/index.js';
import type { CallsService } from './calls.service.js';
import type { Caller, CredentialsService } from './credentials.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The API key's owner, once the gateway has checked the key. */
    apiCaller: Caller | null;
  }
}

// RFC 9110 §7.6.1 hop-by-hop headers are dropped by reply-from; these are the caller's credentials for this platform,
// which no application sees.
const NOT_FORWARDED = ['authorization', 'cookie'];
const BEARER = /^Bearer\s+(\S+)$/i;
const APPLICATION_ID = /^\d{1,18}$/;

const REFUSALS: Record<Exclude<ApiTarget['outcome'], 'found'>, AppError> = {
  notFound: new AppError('notFound', { messageKey: 'apiOpen.applicationNotFound', field: 'applicationId' }),
  noApi: new AppError('businessRule', { messageKey: 'apiOpen.noApiLink', field: 'applicationId' }),
  notRunning: new AppError('conflict', { messageKey: 'apiOpen.notRunning', field: 'applicationId' }),
  unavailable: new AppError('unavailable', { messageKey: 'apiOpen.unavailable' }),
};

/** The gateway's answers of its own: the API's envelope in the caller's language, never an application's page. */
function sendError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const locale = pickLocale(request.headers['accept-language']);
  let status: number = ERRORS.internal;
  let msg = translate(locale, errorMessageKey('internal'));
  if (error instanceof AppError) {
    status = error.status;
    msg = translate(locale, error.options.messageKey ?? errorMessageKey(error.code), error.options.params);
  } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    status = ERRORS.badRequest;
    msg = translate(locale, errorMessageKey('badRequest'));
  } else {
    request.log.error({ err: error }, 'gateway failed');
  }
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .send({ code: status, msg, data: { requestId: String(request.id) } });
}

interface GatewayDependencies {
  credentials: CredentialsService;
  calls: CallsService;
  applications: Pick<ApplicationsModuleService, 'apiTarget'>;
  rateLimitPerMinute: number;
  /** The database's counter: a key's calls a minute are counted across every instance (decision 0042). */
  count: SharedCounter;
  secure: boolean;
}

/**
 * The metered API gateway (decision 0032): `/gateway/<applicationId>/<path>` with `Authorization: Bearer <key>`.
 * Registered before every other plugin (Module.front), like the application proxy, so that neither the console's rate
 * limit, the `sn` check, per-request compression nor the JSON body parser touch a call: bodies stream both ways
 * (@fastify/reply-from over undici). In order: the key (401), its rate limit (429, @fastify/rate-limit keyed by the
 * key, counted in the database across servers), the application's API link (404, 409, 422, 503), the call paid in
 * power points (402), then the call forwarded without the caller's credentials.
 */
export function gatewayPlugin({
  credentials,
  calls,
  applications,
  rateLimitPerMinute,
  count,
  secure,
}: GatewayDependencies) {
  return async (app: FastifyInstance) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    app.setErrorHandler(sendError);
    app.decorateRequest('apiCaller', null);
    await app.register(replyFrom, { disableRequestLogging: true });

    app.addHook('onRequest', async (request) => {
      const key = BEARER.exec(request.headers.authorization ?? '')?.[1] ?? null;
      const caller = await credentials.authenticate(key);
      if (typeof caller === 'string') {
        // A locked owner's key is known and refused; any other refusal is of the key itself.
        throw new AppError(caller === 'accountLocked' ? 'forbidden' : 'unauthorized', {
          messageKey: `apiOpen.${caller}`,
        });
      }
      request.apiCaller = caller;
    });

    await app.register(rateLimit, {
      max: rateLimitPerMinute,
      timeWindow: 60_000,
      store: sharedStore(count, 'api-key'),
      // After the key is known, so that each key has a limit of its own.
      hook: 'preHandler',
      keyGenerator: (request) => String(request.apiCaller?.credentialId),
      errorResponseBuilder: (_request, context) =>
        new AppError('rateLimited', {
          messageKey: 'apiOpen.rateLimited',
          params: { max: context.max, seconds: Math.max(1, Math.ceil(context.ttl / 1000)) },
        }),
    });

    app.all(`${API_GATEWAY.pathPrefix}/:applicationId/*`, async (request, reply) => {
      const caller = request.apiCaller!;
      const { applicationId } = request.params as { applicationId: string };
      if (!APPLICATION_ID.test(applicationId)) {
        throw REFUSALS.notFound;
      }
      const target = await applications.apiTarget(caller.userId, BigInt(applicationId));
      if (target.outcome !== 'found') {
        throw REFUSALS[target.outcome];
      }
      const paidBy = await calls.bill(caller);
      await credentials.touch(caller);
      const { host, port } = target.endpoint;
      const path = request.raw.url!.slice(`${API_GATEWAY.pathPrefix}/${applicationId}`.length);
      return reply.from(`http://${host}:${port}${path}`, {
        // A call is paid once it is forwarded: it is never sent twice.
        retryDelay: () => null,
        rewriteRequestHeaders: (_request, headers) => {
          const forwarded = { ...headers };
          for (const name of NOT_FORWARDED) {
            delete forwarded[name];
          }
          forwarded['x-forwarded-for'] = request.ip;
          forwarded['x-forwarded-proto'] = secure ? 'https' : 'http';
          return forwarded;
        },
        // The application could not be reached or broke off: the call was not delivered, so it is not paid.
        onError: (failed) => {
          void calls.unpay(caller, paidBy);
          return failed.send(REFUSALS.unavailable);
        },
      });
    });
  };
}
