import { auth, VERIFIED_STATUS } from '@suanli/contract';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import { route } from '../../http/endpoints.js';
import { findVerification } from './users.queries.js';

export async function usersRoutes(app: FastifyInstance, options: { db: Executor }) {
  route(app, auth.getVerified, async (_input, context) => {
    const user = await findVerification(options.db, context.userId!);
    if (!user) {
      throw new AppError('unauthorized');
    }
    return { status: user.realNameVerifiedAt ? VERIFIED_STATUS.verified : VERIFIED_STATUS.notVerified };
  });
}
