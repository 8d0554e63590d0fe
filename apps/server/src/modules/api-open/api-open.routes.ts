import { API_GATEWAY, apiOpen } from '@suanli/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/endpoints.js';
import { AppError } from '../../http/app-error.js';
import type { ApplicationsModuleService } from '../applications/index.js';
import type { CallsService } from './calls.service.js';
import type { CredentialsService } from './credentials.service.js';

const NOT_AN_API = {
  notFound: new AppError('notFound', { messageKey: 'apiOpen.applicationNotFound', field: 'applicationId' }),
  noApi: new AppError('businessRule', { messageKey: 'apiOpen.noApiLink', field: 'applicationId' }),
  notRunning: new AppError('businessRule', { messageKey: 'apiOpen.notRunning', field: 'applicationId' }),
};

interface ApiOpenRoutesDependencies {
  credentials: CredentialsService;
  calls: CallsService;
  applications: Pick<ApplicationsModuleService, 'apiTarget'>;
  publicUrl: string;
  rateLimitPerMinute: number;
}

export function apiOpenRoutes({
  credentials,
  calls,
  applications,
  publicUrl,
  rateLimitPerMinute,
}: ApiOpenRoutesDependencies) {
  return async (app: FastifyInstance) => {
    route(app, apiOpen.createApiCredential, ({ body }, { userId }) => credentials.create(userId, body));
    route(app, apiOpen.getUserApiCredentials, (_input, { userId }) => credentials.list(userId));
    route(app, apiOpen.updateApiCredentialToken, ({ query }, { userId }) =>
      credentials.rotate(userId, query.credentialId),
    );
    route(app, apiOpen.revokeApiCredential, ({ params }, { userId }) =>
      credentials.revoke(userId, params.credentialId),
    );
    route(app, apiOpen.obtainApplicationApiLink, async ({ query }, { userId }) => {
      const target = await applications.apiTarget(userId, BigInt(query.applicationId));
      // An application that runs but is not reachable this instant still has its address.
      if (target.outcome !== 'found' && target.outcome !== 'unavailable') {
        throw NOT_AN_API[target.outcome];
      }
      return {
        applicationId: query.applicationId,
        url: `${publicUrl}${API_GATEWAY.pathPrefix}/${query.applicationId}`,
        header: 'Authorization' as const,
        pointsPerCall: calls.pointsPerCall,
        rateLimitPerMinute,
      };
    });
  };
}
