import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { PRERENDERED_PAGES } from '@suanli/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** What the console's build leaves beside its prerendered pages: apps/web/src/prerender.tsx, built for Node. */
interface PageRenderer {
  LIVE_PATHS: readonly string[];
  setApiFetch(fetch: typeof globalThis.fetch): void;
  renderLivePage(pathname: string, template: string): Promise<string | null>;
}

/** A page to send: compressed when the browser accepts it (`encoding`). */
export interface LivePage {
  body: string | Buffer;
  encoding: 'br' | 'gzip' | null;
}

export interface LivePages {
  /** The prerendered paths whose first screen shows live data: `/aigc`'s cards, prices and free GPUs. */
  paths: readonly string[];
  /** The page rendered for this request with its data read now, as the guest's browser would read it. */
  render(pathname: string, request: FastifyRequest): Promise<LivePage | null>;
}

/**
 * The page compressed as the browser accepts it. The renderer answers the same document while the data is the same,
 * so each path keeps its last document compressed; Brotli at quality 5, since a page changes whenever GPUs are taken
 * or freed, compresses 60 kB in a few milliseconds to within a few percent of quality 11.
 */
function compressor() {
  const last = new Map<string, { html: string; br?: Buffer; gzip?: Buffer }>();
  return (pathname: string, html: string, acceptEncoding: string | undefined): LivePage => {
    const encoding = /\bbr\b/.test(acceptEncoding ?? '') ? 'br' : /\bgzip\b/.test(acceptEncoding ?? '') ? 'gzip' : null;
    if (!encoding) {
      return { body: html, encoding };
    }
    let entry = last.get(pathname);
    if (entry?.html !== html) {
      entry = { html };
      last.set(pathname, entry);
    }
    entry[encoding] ??=
      encoding === 'br'
        ? brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
        : gzipSync(html);
    return { body: entry[encoding], encoding };
  };
}

const urlOf = (input: string | URL | Request) =>
  new URL(input instanceof Request ? input.url : String(input), 'http://console.invalid');

/**
 * The console's renderer, when the build made one, with its API calls answered in-process: each one is injected as
 * the request of the guest whose page it renders (their address, so the rate limiter counts the calls their browser
 * would otherwise have made), through the whole request path, so the page shows what the endpoint answers.
 */
export async function loadLivePages(app: FastifyInstance, webDist: string): Promise<LivePages | null> {
  const file = path.join(webDist, PRERENDERED_PAGES.dir, PRERENDERED_PAGES.renderer);
  if (!existsSync(file)) {
    return null;
  }
  let renderer: PageRenderer;
  try {
    renderer = (await import(pathToFileURL(file).href)) as PageRenderer;
  } catch (error) {
    app.log.warn({ err: error }, 'the console renderer does not load; guest pages are sent as built');
    return null;
  }
  const template = readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const guest = new AsyncLocalStorage<FastifyRequest>();
  renderer.setApiFetch(async (input, init) => {
    const url = urlOf(input);
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, name) => {
      headers[name] = value;
    });
    const answer = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: `${url.pathname}${url.search}`,
      headers,
      payload: typeof init?.body === 'string' ? init.body : undefined,
      remoteAddress: guest.getStore()?.ip,
    });
    return new Response(new Uint8Array(answer.rawPayload), {
      status: answer.statusCode,
      headers: { 'content-type': String(answer.headers['content-type'] ?? '') },
    });
  });
  const compress = compressor();
  return {
    paths: renderer.LIVE_PATHS,
    render: async (pathname, request) => {
      const html = await guest.run(request, () => renderer.renderLivePage(pathname, template));
      return html === null ? null : compress(pathname, html, request.headers['accept-encoding']);
    },
  };
}
