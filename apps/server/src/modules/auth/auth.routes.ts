import { auth } from '@suanli/contract';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client.js';
import { route } from '../../http/endpoints.js';
import type { SessionService } from './auth.service.js';

export async function authRoutes(app: FastifyInstance, options: { db: Executor; sessions: SessionService }) {
  route(app, auth.logout, async (_input, context) => {
    await options.sessions.revoke(options.db, context.sessionId!, context.userId!);
    return null;
  });
}
