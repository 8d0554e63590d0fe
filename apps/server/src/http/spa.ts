import { existsSync } from 'node:fs';
import path from 'node:path';
import staticFiles from '@fastify/static';
import { translate } from '@suanli/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './app-error.js';

const isApiPath = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/**
 * Serves the built console with history fallback: any GET outside /api that is no file gets index.html, so that
 * deep links such as /myApp load the SPA. Unknown /api paths answer the 404 envelope.
 */
export const spaPlugin = fp(
  async (app: FastifyInstance, options: { webDist: string }) => {
    const built = existsSync(path.join(options.webDist, 'index.html'));
    if (built) {
      await app.register(staticFiles, {
        root: options.webDist,
        wildcard: false,
        index: false,
        setHeaders: (reply, filePath) => {
          // Vite puts a content hash in every asset name, so assets never change under one URL.
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    }
    app.setNotFoundHandler({ preHandler: app.rateLimit?.() }, async (request, reply) => {
      if (isApiPath(request.url) || (request.method !== 'GET' && request.method !== 'HEAD')) {
        throw new AppError('routeNotFound', { params: { method: request.method, path: request.url.split('?')[0] } });
      }
      if (!built) {
        const note = translate(request.locale, 'errors.unavailable');
        return reply
          .code(503)
          .type('text/html; charset=utf-8')
          .send(`<p>${note}: console not built (npm start builds it).</p>`);
      }
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    });
  },
  { name: 'spa', dependencies: ['locale'] },
);
