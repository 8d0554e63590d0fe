import { auth, realName } from '@suanli/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { route } from '../../http/endpoints.js';
import type { RealNameService } from './real-name.service.js';

// realNameAuth2 takes the name and ID number in its query string (spec §7), which Fastify's request log would
// print: these routes log the path only (ARCHITECTURE §10, never logged).
const requestWithoutQuery = (request: FastifyRequest) => ({
  method: request.method,
  url: request.url.split('?')[0],
  host: request.host,
  remoteAddress: request.ip,
});

export const realNameRoutes = (service: RealNameService) => async (app: FastifyInstance) => {
  await app.register(
    async (scope) => {
      route(scope, realName.verifyRealName, async ({ query }, { userId }) =>
        service.verify(userId, query.realName, query.idCard),
      );
      route(scope, realName.getRealNameStatus, async (_input, { userId }) => service.status(userId));
      route(scope, auth.getVerified, async (_input, { userId }) => ({
        status: (await service.isVerified(userId)) ? ('1' as const) : ('0' as const),
      }));
    },
    // Fastify's register typings say a serializer returns a string; pino accepts any value.
    { logSerializers: { req: requestWithoutQuery as unknown as (value: unknown) => string } },
  );
};
