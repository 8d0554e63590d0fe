import {
  envelopeSchema,
  errorEnvelopeSchema,
  idempotencyHeadersSchema,
  type EndpointData,
  type EndpointDefinition,
  type EndpointInput,
  translate,
  type Locale,
  type OperatorArea,
} from '@suanli/contract';
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest, RequestPayload } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { SessionId, UserId } from '../db/ids.js';
import { AppError } from './app-error.js';
import { idempotencyHooks, runHoldingKey } from './idempotency.js';
import { runAudited, type Audit } from './operator-audit.js';

export interface RequestContext {
  locale: Locale;
  requestId: string;
  /** The signed-in user: set on `optional` endpoints when a token is valid, null otherwise. */
  userId: UserId | null;
  sessionId: SessionId | null;
  /** The caller's address as Fastify resolves it (TRUST_PROXY decides whether X-Forwarded-For counts). */
  ip: string;
  headers: IncomingHttpHeaders;
  log: FastifyBaseLogger;
}

/** What a handler of an endpoint whose auth is `user` receives: the auth hook has already refused anyone else. */
export interface SignedInContext extends RequestContext {
  userId: UserId;
  sessionId: SessionId;
}

/**
 * What a handler of an operator's endpoint receives: the auth hook has already refused anyone without its area, and
 * `audit` writes the action's row, which must commit in the action's transaction (operator-audit.ts).
 */
export interface OperatorContext extends SignedInContext {
  audit: Audit;
}

type OperatorOf<E> =
  E extends EndpointDefinition<infer _Q, infer _B, infer _P, infer _D, infer _A, infer O> ? O : undefined;

type ContextFor<E> = [OperatorOf<E>] extends [OperatorArea]
  ? OperatorContext
  : E extends { auth: 'user' }
    ? SignedInContext
    : RequestContext;

/**
 * A few calls carry meaning in `msg` itself (spec §7: scanLogin answers msg '0', the benefit check msg '10' or '20');
 * their handlers return `withMsg(data, msg)` instead of plain data.
 */
export class WithMsg<T> {
  constructor(
    readonly data: T,
    readonly msg: string,
  ) {}
}

export const withMsg = <T>(data: T, msg: string) => new WithMsg(data, msg);

export type Handler<E> = (
  input: EndpointInput<E>,
  context: ContextFor<E>,
) => Promise<EndpointData<E> | WithMsg<EndpointData<E>>>;

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: EndpointDefinition['auth'];
    /** Whether the `sn` header is checked; false for probes and development tools. */
    signed?: boolean;
    /** The operator area a caller must hold (authenticate.ts checks it after the session). */
    operator?: OperatorArea;
  }
  interface FastifyRequest {
    userId: UserId | null;
    sessionId: SessionId | null;
  }
}

/**
 * A request whose head announces no body (no length, or 0, and no chunks) has none, whatever content type it names:
 * Fastify's JSON parser would refuse an empty `application/json` body, and an endpoint whose contract makes the body
 * optional must take it as absent.
 */
async function emptyBodyIsNone(request: FastifyRequest, _reply: FastifyReply, payload: RequestPayload) {
  const { headers } = request.raw;
  const length = headers['content-length'];
  if ((length === undefined || length === '0') && headers['transfer-encoding'] === undefined) {
    delete headers['content-type'];
  }
  return payload;
}

const ERROR_RESPONSES = Object.fromEntries(
  [400, 401, 403, 404, 409, 422, 429, 500].map((s) => [s, errorEnvelopeSchema]),
);

/**
 * Registers one endpoint of the contract's table: validation, OpenAPI, auth and rate limit all come from its single
 * declaration, and the handler only returns `data` (STYLE habit 2: handlers are glue).
 */
export function route<E extends EndpointDefinition>(app: FastifyInstance, endpoint: E, handler: Handler<E>): void {
  if (endpoint.operator) {
    checkOperatorEndpoint(app, endpoint);
  }
  // Made once per endpoint, not per request: the handler, wrapped in its audit when an operator acts.
  const call = (input: EndpointInput<E>, context: RequestContext) =>
    endpoint.operator && endpoint.method !== 'GET'
      ? runAudited(
          app,
          {
            operatorId: context.userId,
            area: endpoint.operator,
            reason: (input.body as { reason: string }).reason,
            requestId: context.requestId,
          },
          (audit) => handler(input, { ...context, audit } as ContextFor<E>),
        )
      : handler(input, context as ContextFor<E>);
  app.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    url: `/api${endpoint.path}`,
    schema: {
      operationId: endpoint.id,
      summary: endpoint.summary,
      tags: [endpoint.tag],
      ...(endpoint.auth === 'none' ? {} : { security: [{ bearer: [] }] }),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.idempotent ? { headers: idempotencyHeadersSchema } : {}),
      response: { 200: envelopeSchema(endpoint.data), ...ERROR_RESPONSES },
    },
    config: {
      auth: endpoint.auth,
      signed: endpoint.signed !== false && !endpoint.devOnly,
      ...(endpoint.operator ? { operator: endpoint.operator } : {}),
      ...(endpoint.rateLimitPerMinute ? { rateLimit: { max: endpoint.rateLimitPerMinute, timeWindow: 60_000 } } : {}),
    },
    ...(endpoint.body?.safeParse(undefined).success ? { preParsing: emptyBodyIsNone } : {}),
    ...(endpoint.idempotent ? idempotencyHooks(app, endpoint) : {}),
    handler: async (request) => {
      const input = { query: request.query, body: request.body, params: request.params } as EndpointInput<E>;
      const context: RequestContext = {
        locale: request.locale,
        requestId: String(request.id),
        userId: request.userId,
        sessionId: request.sessionId,
        ip: request.ip,
        headers: request.headers,
        log: request.log,
      };
      if (endpoint.auth === 'user' && (context.userId === null || context.sessionId === null)) {
        throw new AppError('unauthorized');
      }
      const result = await (endpoint.idempotent
        ? runHoldingKey(request, () => call(input, context))
        : call(input, context));
      if (result instanceof WithMsg) {
        return { code: 200, msg: result.msg, data: result.data ?? null };
      }
      return { code: 200, msg: translate(request.locale, 'errors.ok'), data: result ?? null };
    },
  });
}

/**
 * An operator's endpoint is declared so that its area is plain wherever it is seen: signed in, under
 * `/admin/<area>/`, and, when it acts, with the reason its audit row keeps (decision 0021).
 */
function checkOperatorEndpoint(app: FastifyInstance, endpoint: EndpointDefinition) {
  const acts = endpoint.method !== 'GET';
  const problems = [
    endpoint.auth === 'user' ? null : "its auth must be 'user'",
    endpoint.path.startsWith(`/admin/${endpoint.operator}/`)
      ? null
      : `its path must start /admin/${endpoint.operator}/`,
    !acts || endpoint.body?.safeParse({}).error?.issues.some((issue) => issue.path[0] === 'reason')
      ? null
      : 'its body must require a reason',
    !acts || app.hasDecorator('operatorAudit') ? null : 'register operatorAuditPlugin before its routes',
  ].filter((problem) => problem !== null);
  if (problems.length > 0) {
    throw new Error(`operator endpoint ${endpoint.id}: ${problems.join('; ')}`);
  }
}
