import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { asUserId, type UserId } from '../../db/ids.js';
import { ListenedMemory } from '../../db/listened-memory.js';
import type { Listen } from '../../db/notifications.js';
import { AppError } from '../../http/app-error.js';
import type { Clock } from '../../jobs/clock.js';
import type { JobDefinition } from '../../jobs/scheduler.js';
import type { ComputeDriver, WorkloadEndpoint } from '../../providers/compute/types.js';
import type { CatalogueService } from '../catalogue/index.js';
import * as queries from './app-access.queries.js';

export const LOGIN_PATH = '/__suanli/login';
const LOGIN_TOKEN_LIFE_MS = 60_000;
/** How long a link stays open after one login: a working session, after which the console mints another. */
const APP_SESSION_LIFE_MS = 4 * 60 * 60_000;
const COOKIE_NAME = 'suanli_app_session';
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
// Enough for the applications whose APIs one server serves in a while.
const REMEMBERED_API_TARGETS = 10_000;

/** The application and port an application origin names. */
export interface AppTarget {
  applicationId: bigint;
  port: number;
}

/** What a request on an application origin may do: reach the workspace, or be told why not. */
export type Admission =
  | { outcome: 'admitted'; endpoint: WorkloadEndpoint }
  /** No valid cookie for this origin, or the application is no longer its user's. */
  | { outcome: 'refused' }
  | { outcome: 'notRunning' }
  /** It runs, but the driver knows no endpoint for it (yet, or any more). */
  | { outcome: 'unavailable' };

/** Where the gateway reaches an application's API link (decision 0032), or why it cannot. */
export type ApiTarget =
  | { outcome: 'found'; endpoint: WorkloadEndpoint }
  /** Not the user's, or destroyed. */
  | { outcome: 'notFound' }
  /** Its image declares no link of kind `api`. */
  | { outcome: 'noApi' }
  | { outcome: 'notRunning' }
  | { outcome: 'unavailable' };

export interface AppAccessDependencies {
  config: Pick<Config, 'http' | 'keys'>;
  db: Db;
  clock: Clock;
  driver: Pick<ComputeDriver, 'endpoint'>;
  catalogue: Pick<CatalogueService, 'rentable'>;
  /** Where changes to applications are heard (migration 0051), which keeps the memory of API targets exact. */
  listen: Listen;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The `name=value` pairs of a Cookie header, in order (RFC 6265 §5.4; values are not decoded). */
function cookiePairs(header: string | undefined): [string, string][] {
  return (header ?? '')
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const equals = part.indexOf('=');
      return equals < 0 ? ['', part] : [part.slice(0, equals).trim(), part.slice(equals + 1).trim()];
    });
}

/** The Cookie header a workspace receives: the user's own cookies for it, without the proxy's. */
export function withoutAccessCookie(header: string | undefined): string | undefined {
  const kept = cookiePairs(header).filter(([name]) => name !== COOKIE_NAME);
  return kept.length > 0 ? kept.map(([name, value]) => (name ? `${name}=${value}` : value)).join('; ') : undefined;
}

/**
 * Who may reach an application's links (ARCHITECTURE §5 "Application proxy"). Each link has an origin of its own,
 * `<id>-<port>.<APP_DOMAIN>`, so that whatever an image serves cannot read the console's token. The console asks
 * appLogin for a one-time token (stored hashed, 60 seconds, taken out by one DELETE so that it works once across
 * instances); the link's origin trades it for a cookie of that origin alone.
 *
 * The cookie is signed rather than stored: it names the application, port, user and expiry under an HMAC key derived
 * from OBJECT_SIGNING_KEY, so any instance checks it without a write per login nor a table to purge, and a request
 * still reads the application's row, so a stop, a destroy or a change of owner closes the link at once.
 */
export function appAccessService({ config, db, clock, driver, catalogue, listen }: AppAccessDependencies) {
  const secure = config.http.publicUrl.startsWith('https:');
  const domain = config.http.appDomain.toLowerCase();
  const host = new RegExp(`^(\\d{1,18})-(\\d{1,5})\\.${escapeRegExp(domain.replace(/:\d+$/, ''))}(?::\\d{1,5})?$`);
  const cookieKey = createHmac('sha256', Buffer.from(config.keys.objectSigning, 'base64'))
    .update('suanli application proxy cookie v1')
    .digest();

  // Found API targets by application; every change that could alter one is announced on application_changed.
  const apiTargets = new ListenedMemory<bigint, { userId: UserId; endpoint: WorkloadEndpoint }>({
    listen,
    channel: 'application_changed',
    capacity: REMEMBERED_API_TARGETS,
    notified: (known, applicationId) => known.forget((_target, id) => String(id) === applicationId),
  });

  /** Where the gateway reaches the application's API link, read from its row, its image and the driver. */
  async function readApiTarget(userId: UserId, applicationId: bigint): Promise<ApiTarget> {
    const row = await queries.findOwnLiveApplication(db, userId, applicationId);
    if (!row) {
      return { outcome: 'notFound' };
    }
    const link = (await catalogue.rentable(row.imageId))?.links.find((one) => one.kind === 'api');
    if (!link) {
      return { outcome: 'noApi' };
    }
    if (row.status !== 'running') {
      return { outcome: 'notRunning' };
    }
    const endpoint = await driver.endpoint(String(applicationId), link.port);
    return endpoint ? { outcome: 'found', endpoint } : { outcome: 'unavailable' };
  }

  const origin = (applicationId: bigint | string, port: number) =>
    `${secure ? 'https' : 'http'}://${applicationId}-${port}.${domain}`;

  const signature = (claims: string) => createHmac('sha256', cookieKey).update(claims).digest('base64url');

  function cookieValue(target: AppTarget, userId: UserId, expiresAt: number) {
    const claims = `${target.applicationId}.${target.port}.${userId}.${expiresAt}`;
    return `${claims}.${signature(claims)}`;
  }

  /** The user a cookie value was signed for, when it is for this target and has not expired. */
  function cookieUser(value: string, target: AppTarget): UserId | null {
    const match = /^(\d{1,18})\.(\d{1,5})\.(\d{1,18})\.(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(value);
    if (!match) {
      return null;
    }
    const [, applicationId, port, userId, expiresAt, given] = match;
    const expected = Buffer.from(signature(`${applicationId}.${port}.${userId}.${expiresAt}`));
    const genuine = timingSafeEqual(expected, Buffer.from(given!));
    const forTarget = applicationId === String(target.applicationId) && Number(port) === target.port;
    return genuine && forTarget && Number(expiresAt) > clock.now().getTime() ? asUserId(BigInt(userId!)) : null;
  }

  async function ownImageLinks(userId: UserId, id: string) {
    const row = await queries.findOwnLiveApplication(db, userId, BigInt(id));
    if (!row) {
      throw new AppError('notFound', { messageKey: 'applications.notFound', params: { id }, field: 'id' });
    }
    const image = await catalogue.rentable(row.imageId);
    return { row, links: image?.links ?? [] };
  }

  return {
    secure,

    /** The application and port a Host header names; null for every other host (the console's, the API's). */
    target(hostHeader: string | undefined): AppTarget | null {
      const match = host.exec((hostHeader ?? '').toLowerCase());
      if (!match) {
        return null;
      }
      const port = Number(match[2]);
      return port >= 1 && port <= 65_535 ? { applicationId: BigInt(match[1]!), port } : null;
    },

    async links(userId: UserId, id: string) {
      const { links } = await ownImageLinks(userId, id);
      return links.map((link) => ({ ...link, url: `${origin(id, link.port)}/` }));
    },

    async login(userId: UserId, id: string, port: number) {
      const { row, links } = await ownImageLinks(userId, id);
      if (!links.some((link) => link.port === port)) {
        throw new AppError('notFound', {
          messageKey: 'applications.linkPortNotFound',
          params: { id, port },
          field: 'port',
        });
      }
      if (row.status !== 'running') {
        throw new AppError('businessRule', { messageKey: 'applications.loginNotRunning', field: 'id' });
      }
      const token = randomBytes(32).toString('base64url');
      await queries.insertLoginToken(db, {
        tokenHash: sha256(token),
        applicationId: row.id,
        port,
        userId,
        expiresAt: new Date(clock.now().getTime() + LOGIN_TOKEN_LIFE_MS),
      });
      return { url: `${origin(id, port)}${LOGIN_PATH}?token=${token}` };
    },

    /** Trades a one-time token for the Set-Cookie of the target's origin; null when it is not one for it. */
    async redeem(target: AppTarget, token: string | null): Promise<string | null> {
      if (!token || !TOKEN.test(token)) {
        return null;
      }
      const row = await queries.takeLoginToken(db, sha256(token));
      const now = clock.now().getTime();
      if (
        !row ||
        row.expiresAt.getTime() <= now ||
        row.applicationId !== target.applicationId ||
        row.port !== target.port
      ) {
        return null;
      }
      const value = cookieValue(target, row.userId, now + APP_SESSION_LIFE_MS);
      // No Domain attribute: the cookie stays on this one origin, never on its sibling applications'.
      const attributes = [`Path=/`, `Max-Age=${APP_SESSION_LIFE_MS / 1000}`, 'HttpOnly', 'SameSite=Lax'];
      return [`${COOKIE_NAME}=${value}`, ...attributes, ...(secure ? ['Secure'] : [])].join('; ');
    },

    /**
     * The endpoint of the user's application's API link (its image's link of kind `api`), for the metered gateway
     * (decision 0032). A found endpoint is remembered, so that a call costs no query for its application; a stop, a
     * destroy or a change of owner, on any server, makes every server forget it when it commits (migration 0051).
     */
    async apiTarget(userId: UserId, applicationId: bigint): Promise<ApiTarget> {
      let refusal: ApiTarget = { outcome: 'notFound' };
      const found = await apiTargets.through(applicationId, async () => {
        const target = await readApiTarget(userId, applicationId);
        if (target.outcome === 'found') {
          return { userId, endpoint: target.endpoint };
        }
        refusal = target;
        return null;
      });
      if (!found) {
        return refusal;
      }
      return found.userId === userId ? { outcome: 'found', endpoint: found.endpoint } : { outcome: 'notFound' };
    },

    /** Stops hearing of changed applications (app close). */
    close: () => apiTargets.close(),

    /**
     * Whether a request with this Cookie header reaches the target's workspace. Every cookie of the proxy's name is
     * tried: a sibling origin under APP_DOMAIN can set one for the parent domain, which must not shadow the real one.
     */
    async admit(target: AppTarget, cookieHeader: string | undefined): Promise<Admission> {
      const users = cookiePairs(cookieHeader)
        .filter(([name]) => name === COOKIE_NAME)
        .map(([, value]) => cookieUser(value, target));
      const userId = users.find((user) => user !== null);
      if (!userId) {
        return { outcome: 'refused' };
      }
      const row = await queries.findOwnLiveApplication(db, userId, target.applicationId);
      if (!row) {
        return { outcome: 'refused' };
      }
      if (row.status !== 'running') {
        return { outcome: 'notRunning' };
      }
      const endpoint = await driver.endpoint(String(target.applicationId), target.port);
      return endpoint ? { outcome: 'admitted', endpoint } : { outcome: 'unavailable' };
    },
  };
}

export type AppAccessService = ReturnType<typeof appAccessService>;

export const appAccessJobs: JobDefinition[] = [
  {
    // A token lives a minute; one never used would otherwise stay for good.
    name: 'applications.purge-login-tokens',
    cadence: 'hour',
    catchUp: 1,
    run: async (tx, { now, log }) => {
      const tokens = await queries.deleteExpiredLoginTokens(tx, now);
      log.info({ tokens }, 'purged expired application login tokens');
    },
  },
];
