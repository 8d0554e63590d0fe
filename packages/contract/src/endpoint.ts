import type { z } from 'zod';

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
   * Whether the `sn` header is checked (spec §7); false for probes that load balancers and monitors call. Development
   * endpoints are never checked.
   */
  signed?: boolean;
  /** Requests per minute per IP, tighter than the global limit, for account lookups and code sends. */
  rateLimitPerMinute?: number;
}

export function defineEndpoint<
  Query extends z.ZodType | undefined = undefined,
  Body extends z.ZodType | undefined = undefined,
  Params extends z.ZodType | undefined = undefined,
  Data extends z.ZodType = z.ZodType,
  const Auth extends AuthRequirement = AuthRequirement,
>(definition: EndpointDefinition<Query, Body, Params, Data, Auth>) {
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

/** Fills `:name` segments of a path from params. */
export function buildPath(path: string, params?: Record<string, unknown>): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => encodeURIComponent(String(params?.[name] ?? '')));
}
