import { translate, type OperatorArea } from '@suanli/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { asArray } from './route-hooks.js';
import fp from 'fastify-plugin';
import type { SessionId, UserId } from '../db/ids.js';
import { AppError } from './app-error.js';

function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+([A-Za-z0-9_-]{16,128})$/.exec(header ?? '');
  return match ? match[1]! : null;
}

export interface AuthenticateOptions {
  /** The live session a token belongs to, or null (the sessions module answers). */
  resolve(token: string): Promise<{ userId: UserId; sessionId: SessionId } | null>;
  /** Whether a user holds an operator area (the operators module answers). */
  holdsArea(userId: UserId, area: OperatorArea): Promise<boolean>;
}

/**
 * Resolves the bearer token on endpoints that declare auth `user` or `optional`; `user` without a live session is
 * 401, and an operator's endpoint answers 403 to anyone without its area, naming the area, before its input is read.
 * The token is never accepted on application-proxy origins (ARCHITECTURE §5), which do not use this plugin.
 */
export const authenticatePlugin = fp(
  async (app: FastifyInstance, options: AuthenticateOptions) => {
    app.decorateRequest('userId', null);
    app.decorateRequest('sessionId', null);
    const authenticate = async (request: FastifyRequest) => {
      const token = bearerToken(request.headers.authorization);
      const session = token ? await options.resolve(token) : null;
      if (session) {
        request.userId = session.userId;
        request.sessionId = session.sessionId;
      } else if (request.routeOptions.config.auth === 'user') {
        throw new AppError('unauthorized');
      }
    };
    const authorize = (area: OperatorArea) => async (request: FastifyRequest) => {
      if (request.userId === null || !(await options.holdsArea(request.userId, area))) {
        throw new AppError('forbidden', {
          messageKey: 'errors.operatorAreaRequired',
          params: { area: translate(request.locale, `enums.operatorArea.${area}`) },
        });
      }
    };
    // Only on the routes that declare a session (routes register after this plugin): a public route pays nothing.
    app.addHook('onRoute', (route) => {
      const auth = route.config?.auth;
      if (auth === 'user' || auth === 'optional') {
        const area = route.config?.operator;
        route.onRequest = [...asArray(route.onRequest), authenticate, ...(area ? [authorize(area)] : [])];
      }
    });
  },
  { name: 'auth', dependencies: ['locale'] },
);
