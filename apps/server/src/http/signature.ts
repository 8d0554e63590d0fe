import { verifySignature } from '@suanli/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { asArray } from './route-hooks.js';
import fp from 'fastify-plugin';
import { AppError } from './app-error.js';

/** Checks the `sn` header (spec §7) on signed endpoints: a speed bump against naive scrapers, never authentication. */
export const signaturePlugin = fp(
  async (app: FastifyInstance, options: { enabled: boolean }) => {
    if (!options.enabled) {
      return;
    }
    const verify = async (request: FastifyRequest) => {
      const path = request.url.split('?')[0]!.replace(/^\/api/, '');
      const sn = request.headers.sn;
      if (!verifySignature(Array.isArray(sn) ? sn[0] : sn, path, Date.now())) {
        throw new AppError('badSignature', { field: 'sn' });
      }
    };
    // Only on signed routes (routes register after this plugin): the others pay nothing. Checked before the body is
    // read but after the session (onRequest): the signature is input, and a caller without a session is told to log
    // in whatever else is wrong with the request (issue 19).
    app.addHook('onRoute', (route) => {
      if (route.config?.signed) {
        route.preParsing = [verify, ...asArray(route.preParsing)];
      }
    });
  },
  { name: 'signature', dependencies: ['locale'] },
);
