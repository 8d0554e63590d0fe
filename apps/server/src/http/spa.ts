import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { LOCALES, PRERENDERED_PAGES, SHELL_HINT_COOKIE, translate, type Locale } from '@suanli/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './app-error.js';
import { loadLivePages } from './live-pages.js';
import { consoleBuilt } from './static-files.js';

const isApiPath = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/** Lower-cased and without a trailing slash, as the console's router matches paths. */
const pageKey = (url: string) => ((url.split('?')[0] ?? url).replace(/\/+$/, '') || '/').toLowerCase();

interface PrerenderedPage {
  /** The path it was rendered for, as the route table spells it. */
  path: string;
  file: string;
}

/** The prerendered page of each path the build wrote one for. */
function prerenderedPages(webDist: string): Map<string, PrerenderedPage> {
  const folder = path.join(webDist, PRERENDERED_PAGES.dir);
  if (!existsSync(folder)) {
    return new Map();
  }
  const pages = readdirSync(folder).filter((file) => file.endsWith('.html'));
  return new Map(
    pages.map((file) => {
      const pagePath = PRERENDERED_PAGES.pathOf(file);
      return [pageKey(pagePath), { path: pagePath, file: `${PRERENDERED_PAGES.dir}/${file}` }];
    }),
  );
}

/** The signed-in pages' shells the build wrote, by page key and language (decision 0043). */
function shells(webDist: string): Map<string, Map<Locale, string>> {
  const found = new Map<string, Map<Locale, string>>();
  for (const language of LOCALES) {
    const dir = `${PRERENDERED_PAGES.dir}/${PRERENDERED_PAGES.shellDir(language)}`;
    const folder = path.join(webDist, dir);
    for (const file of existsSync(folder) ? readdirSync(folder).filter((name) => name.endsWith('.html')) : []) {
      const key = pageKey(PRERENDERED_PAGES.pathOf(file));
      found.set(key, (found.get(key) ?? new Map<Locale, string>()).set(language, `${dir}/${file}`));
    }
  }
  return found;
}

const HINT = new RegExp(`(?:^|;\\s*)${SHELL_HINT_COOKIE}=([\\w-]+)`);

/** The language of the console's hint cookie, when the request carries one naming a language the console speaks. */
function hintedLanguage(request: FastifyRequest): Locale | null {
  const language = HINT.exec(request.headers.cookie ?? '')?.[1];
  return LOCALES.find((locale) => locale === language) ?? null;
}

/**
 * The console's history fallback: any GET outside /api that is no file (static-files.ts serves those) gets the page
 * prerendered for its path when the build made one (a guest's first screen arrives as HTML), index.html otherwise,
 * so that deep links such as /myApp load the SPA. A page whose first screen shows live data (`/aigc`'s cards) is
 * rendered again for each guest with the data read now (live-pages.ts), so that its largest paint comes with the HTML
 * rather than after the scripts and their API calls (issue 8); the build's render stands in when that fails. A
 * signed-in page is sent as its shell in the hint cookie's language when the console says a token is stored
 * (decision 0043); the cookie grants nothing, the page's data still comes through the API with the bearer token.
 * Unknown /api paths answer the 404 envelope.
 */
export const spaPlugin = fp(
  async (app: FastifyInstance, options: { webDist: string }) => {
    const built = consoleBuilt(options.webDist);
    const pages = prerenderedPages(options.webDist);
    const shellFiles = shells(options.webDist);
    const live = built ? await loadLivePages(app, options.webDist) : null;
    const limit = app.rateLimit?.();
    const isConsolePage = (request: FastifyRequest) =>
      !isApiPath(request.url) && (request.method === 'GET' || request.method === 'HEAD');
    // A page load is no API call, like the console's other files (static-files.ts); unknown API paths are counted.
    const preHandler =
      limit &&
      async function (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
        if (!isConsolePage(request)) {
          await limit.call(this, request, reply);
        }
      };
    app.setNotFoundHandler({ preHandler }, async (request, reply) => {
      if (!isConsolePage(request)) {
        throw new AppError('routeNotFound', { params: { method: request.method, path: request.url.split('?')[0] } });
      }
      if (!built) {
        const note = translate(request.locale, 'errors.unavailable');
        return reply
          .code(503)
          .type('text/html; charset=utf-8')
          .send(`<p>${note}: console not built (npm start builds it).</p>`);
      }
      const page = pages.get(pageKey(request.url));
      reply.header('cache-control', 'no-cache');
      const pageShells = shellFiles.get(pageKey(request.url));
      if (pageShells) {
        reply.header('vary', 'Cookie');
        const language = request.url.includes('?') ? null : hintedLanguage(request);
        const shell = language && pageShells.get(language);
        if (shell) {
          return reply.sendFile(shell);
        }
      }
      // With a query (an invitation code) the console renders over the page anyway (prerendered-page.ts).
      if (page && live?.paths.includes(page.path) && request.method === 'GET' && !request.url.includes('?')) {
        const rendered = await live.render(page.path, request).catch((error: unknown) => {
          request.log.warn({ err: error }, 'the page is sent as built: its live render failed');
          return null;
        });
        if (rendered) {
          reply.header('vary', 'Accept-Encoding').type('text/html; charset=utf-8');
          if (rendered.encoding) {
            reply.header('content-encoding', rendered.encoding);
          }
          return reply.send(rendered.body);
        }
      }
      return reply.sendFile(page?.file ?? 'index.html');
    });
  },
  { name: 'spa', dependencies: ['locale', 'static-files'] },
);
