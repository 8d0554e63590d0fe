import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { API_GATEWAY_OPENAPI } from '@suanli/contract';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { OpenAPIV3 } from 'openapi-types';

/**
 * The OpenAPI document, generated from the contract's endpoint table, with the API gateway's calls: `/api/docs` (UI)
 * and `/api/docs/json`.
 */
export const docsPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Suanli API',
          version: '1.0.0',
          description:
            'Every response is the envelope { code, msg, data }. Money is yuan text (two decimals for balances, up ' +
            'to four for unit prices). Send Accept-Language (zh-CN or en-US), the sn header, and a bearer token.',
        },
        components: {
          securitySchemes: {
            bearer: { type: 'http', scheme: 'bearer' },
            ...(API_GATEWAY_OPENAPI.securitySchemes as Record<string, OpenAPIV3.SecuritySchemeObject>),
          },
          schemas: API_GATEWAY_OPENAPI.schemas as Record<string, OpenAPIV3.SchemaObject>,
        },
        // The metered gateway (docs/decisions/0032) takes any path, so it is described here, not by an endpoint.
        paths: API_GATEWAY_OPENAPI.paths as OpenAPIV3.PathsObject,
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      staticCSP: true,
      // The UI sets a few element styles inline; scripts stay limited to its own hashed files.
      transformStaticCSP: (header) =>
        header.replace("style-src 'self' https:", "style-src 'self' https: 'unsafe-inline'"),
    });
  },
  { name: 'docs' },
);
