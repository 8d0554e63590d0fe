import { verifySignature } from '@suanli/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './app-error.js';

/** Checks the `sn` header (spec §7) on signed endpoints: a speed bump against naive scrapers, never authentication. */
export const signaturePlugin = fp(
  async (app: FastifyInstance, options: { enabled: boolean }) => {
    if (!options.enabled) {
      return;
    }
    app.addHook('onRequest', async (request) => {
      if (!request.routeOptions.config.signed) {
        return;
      }
      const path = request.url.split('?')[0]!.replace(/^\/api/, '');
      const sn = request.headers.sn;
      if (!verifySignature(Array.isArray(sn) ? sn[0] : sn, path, Date.now())) {
        throw new AppError('badSignature', { field: 'sn' });
      }
    });
  },
  { name: 'signature', dependencies: ['locale'] },
);
