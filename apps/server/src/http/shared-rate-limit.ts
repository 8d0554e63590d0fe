import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';

/** Counts one hit for `bucket` in the database's fixed window of `windowMs` (the auth module's rate counters). */
export type SharedCounter = (bucket: string, windowMs: number) => Promise<{ hits: number; resetsInMs: number }>;

type Callback = Parameters<FastifyRateLimitStore['incr']>[1];
type ChildOptions = Parameters<FastifyRateLimitStore['child']>[0];

/**
 * The route a child store counts for. The plugin hands `child` the route's merged limit options with the route as
 * `routeInfo` (its README, "Custom store"), which its types do not declare.
 */
function routeName(options: ChildOptions) {
  const { method, url } = (options as unknown as { routeInfo: { method: string | string[]; url: string } }).routeInfo;
  return `${[method].flat().join(',')} ${url}`;
}

/**
 * A limit counted in the database, one row per key and window (an atomic upsert), so that it holds across every
 * instance behind the load balancer (docs/decisions/0042): N calls spread over three instances count as N.
 */
class SharedStore implements FastifyRateLimitStore {
  constructor(
    private readonly count: SharedCounter,
    private readonly scope: string,
  ) {}

  incr(key: string, callback: Callback, timeWindow: number): void {
    this.count(`${this.scope}:${key}`, timeWindow).then(
      ({ hits, resetsInMs }) => callback(null, { current: hits, ttl: resetsInMs }),
      (error: Error) => callback(error),
    );
  }

  /** A route's own limit counts apart from the others. */
  child(route: ChildOptions): FastifyRateLimitStore {
    return new SharedStore(this.count, `${this.scope}:${routeName(route)}`);
  }
}

/** The plugin's `store` for a limit that is a product rule, such as an API key's calls a minute, counted under `scope`. */
export const sharedStore = (count: SharedCounter, scope: string) =>
  class extends SharedStore {
    constructor() {
      super(count, scope);
    }
  } as unknown as FastifyRateLimitStoreCtor;

/**
 * The console API's `store`: the global per-IP flood guard stays in each instance's memory (the plugin's own LRU
 * store: no database round trip on every request), while an endpoint's own limit from the contract
 * (`rateLimitPerMinute`, a product rule such as 20 lookups a minute) is the route's child store and counts in the
 * database.
 */
export const floodGuardWithSharedRouteLimits = (count: SharedCounter) =>
  class extends LocalStore {
    constructor() {
      super(false, false);
    }

    override child(route: ChildOptions): FastifyRateLimitStore {
      return new SharedStore(count, `limit:${routeName(route)}`);
    }
  } as unknown as FastifyRateLimitStoreCtor;
