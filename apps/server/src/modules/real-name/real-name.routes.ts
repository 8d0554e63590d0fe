import { auth, realName } from '@suanli/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/endpoints.js';
import type { RealNameService } from './real-name.service.js';

// realNameAuth2 takes the name and ID number in its query string (spec §7); the request log shows no query value of
// any route (http/log-serializers.ts), so they never reach the log (ARCHITECTURE §10).
export const realNameRoutes = (service: RealNameService) => async (app: FastifyInstance) => {
  route(app, realName.verifyRealName, async ({ query }, { userId }) =>
    service.verify(userId, query.realName, query.idCard),
  );
  route(app, realName.getRealNameStatus, async (_input, { userId }) => service.status(userId));
  route(app, auth.getVerified, async (_input, { userId }) => ({
    status: (await service.isVerified(userId)) ? ('1' as const) : ('0' as const),
  }));
};
