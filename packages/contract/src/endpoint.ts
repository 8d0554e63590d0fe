import { z } from 'zod';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_PATTERN } from './endpoint-paths.js';
import type { OperatorArea } from './enums.js';

export * from './endpoint-paths.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * - `none`: anyone; `optional`: a valid token is read when present; `user`: a valid token is required (401 otherwise).
 */
export type AuthRequirement = 'none' | 'optional' | 'user';

export interface EndpointDefinition<
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Params extends z.ZodType | undefined = z.ZodType | undefined,
  Data extends z.ZodType = z.ZodType,
  Auth extends AuthRequirement = AuthRequirement,
  Operator extends OperatorArea | undefined = OperatorArea | undefined,
> {
  /** Stable name used for handlers, OpenAPI operationId and client calls. */
  id: string;
  method: HttpMethod;
  /** Path under /api, Fastify-style (`/equipment/deviceServer/stopApplication/:id`), spelled as the spec spells it. */
  path: string;
  auth: Auth;
  summary: string;
  tag: string;
  query?: Query;
  body?: Body;
  params?: Params;
  data: Data;
  /** Development-only endpoints exist only when DEV_TOOLS is on. */
  devOnly?: boolean;
  /**
   * An operator's endpoint: only users granted this area may call it (403 otherwise, before its input is read). Its
   * auth is `user` and its path is `/admin/<area>/…` (the server refuses to register it otherwise), and its handler
   * writes an audit row in the transaction of what it does (docs/decisions/0021).
   */
  operator?: Operator;
  /**
   * Whether the `sn` header is checked (spec §7); false for probes that load balancers and monitors call. Development
   * endpoints are never checked.
   */
  signed?: boolean;
  /** Requests per minute per IP, tighter than the global limit, for account lookups and code sends. */
  rateLimitPerMinute?: number;
  /**
   * The endpoint honours an `Idempotency-Key` header (only on `auth: 'user'` endpoints): a retry with the same key and
   * the same input replays the first answer instead of acting twice; see `idempotencyHeadersSchema`. The server marks
   * the key in each transaction its handler commits (decision 0018): its effects must commit through `inTransaction`.
   */
  idempotent?: true;
}

export function defineEndpoint<
  Query extends z.ZodType | undefined = undefined,
  Body extends z.ZodType | undefined = undefined,
  Params extends z.ZodType | undefined = undefined,
  Data extends z.ZodType = z.ZodType,
  const Auth extends AuthRequirement = AuthRequirement,
  const Operator extends OperatorArea | undefined = undefined,
>(definition: EndpointDefinition<Query, Body, Params, Data, Auth, Operator>) {
  return definition;
}

type Infer<T> = T extends z.ZodType ? z.output<T> : undefined;
type InferInput<T> = T extends z.ZodType ? z.input<T> : undefined;

export type EndpointData<E> = E extends EndpointDefinition<infer _Q, infer _B, infer _P, infer D> ? z.output<D> : never;

/** What a handler receives after validation. */
export type EndpointInput<E> =
  E extends EndpointDefinition<infer Q, infer B, infer P, infer _D>
    ? { query: Infer<Q>; body: Infer<B>; params: Infer<P> }
    : never;

/** What a caller sends before validation. */
export type EndpointRequest<E> =
  E extends EndpointDefinition<infer Q, infer B, infer P, infer _D>
    ? { query?: InferInput<Q>; body?: InferInput<B>; params?: InferInput<P> }
    : never;

/**
 * The header of an idempotent endpoint, as validated and documented in OpenAPI. Optional: without it the call simply
 * runs, as any other call does; other headers pass through untouched.
 */
export const idempotencyHeadersSchema = z.looseObject({
  [IDEMPOTENCY_KEY_HEADER]: z
    .string()
    .regex(IDEMPOTENCY_KEY_PATTERN, { error: 'validation.idempotencyKey' })
    .optional()
    .meta({
      description:
        'Optional. A unique value per intended operation (a UUID), repeated on every retry of it: a retry with the ' +
        'same key and the same input, within 24 hours, replays the first answer (header `Idempotent-Replayed: true`) ' +
        'instead of acting twice; the same key with other input is refused with 409, and so is a retry while the ' +
        'first attempt still runs. What was done is never done again: a retry after a server error runs again only ' +
        'when nothing of the first attempt took effect, and one whose first answer was lost is refused with 409.',
    }),
});
