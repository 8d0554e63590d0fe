import { translate } from '@suanli/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './app-error.js';
import { consoleBuilt } from './static-files.js';

const isApiPath = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/**
 * The console's history fallback: any GET outside /api that is no file (static-files.ts serves those) gets
 * index.html, so that deep links such as /myApp load the SPA. Unknown /api paths answer the 404 envelope.
 */
export const spaPlugin = fp(
  async (app: FastifyInstance, options: { webDist: string }) => {
    const built = consoleBuilt(options.webDist);
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
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    });
  },
  { name: 'spa', dependencies: ['locale', 'static-files'] },
);
