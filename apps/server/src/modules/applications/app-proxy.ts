import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import net from 'node:net';
import type { Duplex } from 'node:stream';
import { pickLocale, translate, type Locale } from '@suanli/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { WorkloadEndpoint } from '../../providers/compute/types.js';
import {
  LOGIN_PATH,
  withoutAccessCookie,
  type Admission,
  type AppAccessService,
  type AppTarget,
} from './app-access.service.js';

// RFC 9110 §7.6.1: they describe one connection, not the message, so they stop at the proxy (an upgrade keeps its
// Connection and Upgrade, which are what it asks the workspace for).
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade'];
const UPGRADE_HEADERS = ['connection', 'upgrade'];

// The proxy's own pages show text and nothing else: no script, no frame, no form, no referrer leaving with a token.
const PAGE_HEADERS = {
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
};

const PAGES = {
  401: 'applications.proxyLoginRequired',
  409: 'applications.proxyNotRunning',
  502: 'applications.proxyUnavailable',
} as const;

const STATUS_OF = { refused: 401, notRunning: 409, unavailable: 502 } as const;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

function sendPage(response: ServerResponse, status: 401 | 409 | 502, options: { locale: Locale; messageKey?: string }) {
  const { locale } = options;
  const title = escapeHtml(translate(locale, 'applications.proxyTitle'));
  const message = escapeHtml(translate(locale, options.messageKey ?? PAGES[status]));
  const html =
    `<!doctype html><html lang="${locale}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>` +
    '<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:15vh auto;padding:0 1rem;color:#1f2329}' +
    'h1{font-size:1.25rem}</style></head>' +
    `<body><h1>${title}</h1><p data-testid="app-proxy-message">${message}</p></body></html>`;
  response.writeHead(status, {
    ...PAGE_HEADERS,
    'content-type': 'text/html; charset=utf-8',
    'content-language': locale,
    'content-length': Buffer.byteLength(html),
  });
  response.end(html);
}

/**
 * The headers a workspace receives: end-to-end ones only, without the proxy's cookie and without any bearer token
 * (the console's token is never accepted here, and no image gets to see one), with where the request came from.
 */
function forwardedHeaders(incoming: IncomingHttpHeaders, options: { clientIp: string; secure: boolean }) {
  const named = String(incoming.connection ?? '')
    .toLowerCase()
    .split(',')
    .map((name) => name.trim());
  const dropped = new Set([...HOP_BY_HOP, ...named]);
  const headers: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(incoming)) {
    if (!dropped.has(name) && value !== undefined) {
      headers[name] = value;
    }
  }
  if (/^bearer\s/i.test(incoming.authorization ?? '')) {
    delete headers.authorization;
  }
  const cookie = withoutAccessCookie(incoming.cookie);
  if (cookie === undefined) {
    delete headers.cookie;
  } else {
    headers.cookie = cookie;
  }
  headers['x-forwarded-for'] = options.clientIp;
  headers['x-forwarded-proto'] = options.secure ? 'https' : 'http';
  headers['x-forwarded-host'] = incoming.host;
  return headers;
}

function answeredHeaders(answer: IncomingMessage) {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(answer.headers)) {
    if (!HOP_BY_HOP.includes(name) && value !== undefined) {
      headers[name] = value;
    }
  }
  return headers;
}

// How long a refused upgrade waits for the client to close its side before the socket is dropped.
const REFUSAL_LINGER_MS = 5_000;

/**
 * Closes an upgrade that will not happen, with a status line. The server's sockets are half-open capable, so the
 * socket ends only once the client's side is read to its end: it is drained, and dropped if the client lingers.
 */
function refuseUpgrade(socket: Duplex, status: number) {
  socket.end(`HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  socket.resume();
  setTimeout(() => socket.destroy(), REFUSAL_LINGER_MS).unref();
}

/**
 * Whether a request may use the origin's cookie. Sibling origins under APP_DOMAIN (and the console) are one site, so
 * SameSite=Lax would let one application's page send requests to another with that one's cookie attached. Fetch
 * Metadata tells them apart: the origin's own requests, a person's own navigation (typed, bookmarked, opened from the
 * console) and clients that send no metadata pass; a page elsewhere may only navigate to it. A WebSocket, which no
 * same-site rule guards, must come from this origin's own page when it names one.
 */
function sameOriginOrNavigation(request: IncomingMessage): boolean {
  const { headers } = request;
  const site = headers['sec-fetch-site'];
  const origin = headers.origin;
  if (request.headers.upgrade && origin !== undefined && origin !== 'null') {
    return URL.canParse(origin) && new URL(origin).host === headers.host?.toLowerCase();
  }
  if (site === undefined || site === 'same-origin' || site === 'none') {
    return true;
  }
  const navigation =
    headers['sec-fetch-mode'] === 'navigate' && ['document', 'iframe'].includes(String(headers['sec-fetch-dest']));
  return navigation && (request.method === 'GET' || request.method === 'HEAD');
}

/**
 * The application proxy (ARCHITECTURE §5): a request whose Host is an application origin (`<id>-<port>.<APP_DOMAIN>`)
 * never reaches the console or the API. Registered first (Module.front), its onRequest hook runs before every other
 * plugin's and route's (CORS, rate limit, `sn`, bearer token), takes the reply over and answers it here: the one-time
 * login, the proxy's pages, or the workspace's answer streamed through with the workspace's own headers. WebSocket
 * upgrades are piped to the workspace's socket once the same cookie admits them. Node's http and net do it all in the
 * few lines below, so no proxy library (none is in the lockfile) is added for it.
 */
export function applicationProxy(access: AppAccessService) {
  return fp(
    async (app: FastifyInstance) => {
      // One keep-alive pool to the workspaces; tunnels are tracked so that shutdown does not wait on open sockets.
      const agent = new http.Agent({ keepAlive: true });
      const tunnels = new Set<Duplex>();

      const admit = async (request: IncomingMessage, target: AppTarget): Promise<Admission> =>
        sameOriginOrNavigation(request) ? access.admit(target, request.headers.cookie) : { outcome: 'refused' };

      function forward(
        request: IncomingMessage,
        response: ServerResponse,
        target: { endpoint: WorkloadEndpoint; clientIp: string; locale: Locale },
      ) {
        const upstream = http.request({
          host: target.endpoint.host,
          port: target.endpoint.port,
          method: request.method,
          path: request.url,
          headers: forwardedHeaders(request.headers, { clientIp: target.clientIp, secure: access.secure }),
          agent,
        });
        upstream.on('response', (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.statusMessage, answeredHeaders(answer));
          answer.pipe(response);
        });
        upstream.on('error', () => {
          if (response.headersSent) {
            response.destroy();
          } else {
            sendPage(response, 502, { locale: target.locale });
          }
        });
        response.on('close', () => {
          if (!response.writableFinished) {
            upstream.destroy();
          }
        });
        request.pipe(upstream);
      }

      async function serve(
        request: IncomingMessage,
        response: ServerResponse,
        options: { target: AppTarget; clientIp: string; locale: Locale },
      ) {
        const { target, locale } = options;
        const url = new URL(request.url ?? '/', 'http://application');
        if (url.pathname === LOGIN_PATH) {
          const cookie = await access.redeem(target, url.searchParams.get('token'));
          if (!cookie) {
            sendPage(response, 401, { locale, messageKey: 'applications.proxyLoginUsed' });
            return;
          }
          response.writeHead(303, { ...PAGE_HEADERS, location: '/', 'set-cookie': cookie, 'content-length': 0 });
          response.end();
          return;
        }
        const admission = await admit(request, target);
        if (admission.outcome !== 'admitted') {
          sendPage(response, STATUS_OF[admission.outcome], { locale });
          return;
        }
        forward(request, response, { endpoint: admission.endpoint, clientIp: options.clientIp, locale });
      }

      async function tunnel(request: IncomingMessage, socket: Duplex, head: Buffer) {
        const target = access.target(request.headers.host);
        if (!target) {
          // The console and the API serve no WebSocket.
          refuseUpgrade(socket, 404);
          return;
        }
        const admission = await admit(request, target);
        if (admission.outcome !== 'admitted') {
          refuseUpgrade(socket, STATUS_OF[admission.outcome]);
          return;
        }
        if (socket.destroyed) {
          return;
        }
        const { host, port } = admission.endpoint;
        const upstream = net.connect(port, host);
        tunnels.add(socket);
        const close = () => {
          tunnels.delete(socket);
          socket.destroy();
          upstream.destroy();
        };
        socket.on('close', close);
        upstream.once('error', () => {
          if (upstream.connecting) {
            // The workspace did not take the connection: the browser is told, as an HTTP request would be.
            refuseUpgrade(socket, 502);
          } else {
            close();
          }
        });
        upstream.once('connect', () => {
          const headers = forwardedHeaders(request.headers, {
            clientIp: request.socket.remoteAddress ?? '',
            secure: access.secure,
          });
          for (const name of UPGRADE_HEADERS) {
            headers[name] = request.headers[name];
          }
          const lines = Object.entries(headers).flatMap(([name, value]) =>
            value === undefined ? [] : (Array.isArray(value) ? value : [value]).map((one) => `${name}: ${one}\r\n`),
          );
          upstream.write(`${request.method} ${request.url} HTTP/1.1\r\n${lines.join('')}\r\n`);
          upstream.write(head);
          upstream.on('close', close);
          socket.pipe(upstream).pipe(socket);
        });
      }

      app.addHook('onRequest', async (request, reply) => {
        const target = access.target(request.headers.host);
        if (!target) {
          return;
        }
        // Registered before the locale plugin (Module.front), so the page's language is read here.
        const locale = pickLocale(request.headers['accept-language']);
        reply.hijack();
        try {
          await serve(request.raw, reply.raw, { target, clientIp: request.ip, locale });
        } catch (error) {
          request.log.error({ err: error }, 'application proxy failed');
          if (reply.raw.headersSent) {
            reply.raw.destroy();
          } else {
            sendPage(reply.raw, 502, { locale });
          }
        }
      });

      app.server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
        socket.on('error', () => socket.destroy());
        tunnel(request, socket, head).catch((error: unknown) => {
          app.log.error({ err: error }, 'application proxy upgrade failed');
          socket.destroy();
        });
      });

      app.addHook('preClose', async () => {
        for (const socket of tunnels) {
          socket.destroy();
        }
        agent.destroy();
      });
    },
    { name: 'application-proxy' },
  );
}
