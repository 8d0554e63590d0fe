import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The OpenAPI document, generated from the contract's endpoint table: `/api/docs` (UI) and `/api/docs/json`. */
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
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
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
