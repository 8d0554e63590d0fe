import { pickLocale, type Locale } from '@suanli/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyRequest {
    locale: Locale;
  }
}

/** Server messages follow the request's Accept-Language: en-* gets en-US, everything else zh-CN (spec §9). */
export const localePlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('locale', 'zh-CN');
    app.addHook('onRequest', (request, _reply, done) => {
      request.locale = pickLocale(request.headers['accept-language']);
      done();
    });
  },
  { name: 'locale' },
);
