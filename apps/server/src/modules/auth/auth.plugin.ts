import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client.js';
import { asSessionId, asUserId } from '../../db/ids.js';
import { AppError } from '../../http/app-error.js';
import type { SessionService } from './auth.service.js';

function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+([A-Za-z0-9_-]{16,128})$/.exec(header ?? '');
  return match ? match[1]! : null;
}

/**
 * Resolves the bearer token on endpoints that declare auth `user` or `optional`; `user` without a live session is
 * 401. The token is never accepted on application-proxy origins (ARCHITECTURE §5), which do not use this plugin.
 */
export const authPlugin = fp(
  async (app: FastifyInstance, options: { db: Db; sessions: SessionService }) => {
    app.decorateRequest('userId', null);
    app.decorateRequest('sessionId', null);
    app.addHook('onRequest', async (request) => {
      const auth = request.routeOptions.config.auth;
      if (auth !== 'user' && auth !== 'optional') {
        return;
      }
      const token = bearerToken(request.headers.authorization);
      const session = token ? await options.sessions.resolve(options.db, token) : null;
      if (session) {
        request.userId = asUserId(session.userId);
        request.sessionId = asSessionId(session.sessionId);
      } else if (auth === 'user') {
        throw new AppError('unauthorized');
      }
    });
  },
  { name: 'auth', dependencies: ['locale'] },
);
