import { auth } from '@suanli/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { route } from '../../http/endpoints.js';

export async function authRoutes(app: FastifyInstance, { db, sessions }: AppContext) {
  route(app, auth.logout, async (_input, request) => {
    await sessions.revoke(db, request.sessionId!, request.userId!);
    return null;
  });
}
