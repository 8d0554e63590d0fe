import { existsSync } from 'node:fs';
import path from 'node:path';
import staticFiles from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { PRERENDERED_PAGES } from '@suanli/contract';
import fp from 'fastify-plugin';

/** Whether the console has been built into `webDist` (npm start builds it). */
export const consoleBuilt = (webDist: string) => existsSync(path.join(webDist, 'index.html'));

/**
 * The built console's files. The build writes a Brotli and a gzip copy beside each one (apps/web/vite-plugins/
 * precompress.ts); `preCompressed` sends the best one the browser accepts, with Content-Encoding and
 * `Vary: Accept-Encoding`, so nothing is compressed per request. app.ts registers this plugin before the edge: the API
 * rate limiter adds itself to the routes registered after it, and a page load's scripts are no API calls. The
 * history fallback to index.html is spa.ts.
 */
export const staticFilesPlugin = fp(
  async (app: FastifyInstance, options: { webDist: string }) => {
    if (!consoleBuilt(options.webDist)) {
      return;
    }
    await app.register(staticFiles, {
      root: options.webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      // The compressed copies are found beside their file, never asked for by name; prerendered pages are served by
      // spa.ts at their page's path.
      globIgnore: ['**/*.br', '**/*.gz', `${PRERENDERED_PAGES.dir}/**`],
      setHeaders: (reply, filePath) => {
        // Vite puts a content hash in every asset name, so assets never change under one URL.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  },
  { name: 'static-files' },
);
