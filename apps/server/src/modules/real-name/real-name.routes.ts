import { auth, realName } from '@suanli/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { route } from '../../http/endpoints.js';
import { realNameProvider } from '../../providers/real-name/index.js';
import { realNameService } from './real-name.service.js';

// realNameAuth2 takes the name and ID number in its query string (spec §7), which Fastify's request log would
// print: these routes log the path only (ARCHITECTURE §10, never logged).
const requestWithoutQuery = (request: FastifyRequest) => ({
  method: request.method,
  url: request.url.split('?')[0],
  host: request.host,
  remoteAddress: request.ip,
});

export async function realNameRoutes(app: FastifyInstance, context: AppContext) {
  const service = realNameService(context, realNameProvider(context.config, context.clock));

  await app.register(
    async (scope) => {
      route(scope, realName.verifyRealName, async ({ query }, { userId }) =>
        service.verify(userId!, query.realName, query.idCard),
      );
      route(scope, realName.getRealNameStatus, async (_input, { userId }) => service.status(userId!));
      route(scope, auth.getVerified, async (_input, { userId }) => ({
        status: (await service.isVerified(userId!)) ? ('1' as const) : ('0' as const),
      }));
    },
    // Fastify's register typings say a serializer returns a string; pino accepts any value.
    { logSerializers: { req: requestWithoutQuery as unknown as (value: unknown) => string } },
  );
}
