import { API_GATEWAY } from './constants.js';

const refusal = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/GatewayError' } } },
});

const operation = (method: string) => ({
  operationId: `gateway${method}`,
  tags: [API_GATEWAY.openApiTag],
  summary: `${method} a path of the application's API, paid in power points`,
  description:
    "Forwards the request, body streamed, to the API link of the key owner's running application, and answers what " +
    'the application answers. Each call accepted costs the power points obtainApplicationApiLink names, ' +
    'earliest-expiring points first, and is paid before it is forwarded. No sn header, no session.',
  security: [{ apiKey: [] }],
  parameters: [
    { name: 'applicationId', in: 'path', required: true, schema: { type: 'string', pattern: '^\\d{1,18}$' } },
    {
      name: 'path',
      in: 'path',
      required: true,
      description: "The application API's own path and query, e.g. v1/chat/completions",
      schema: { type: 'string' },
    },
  ],
  ...(method === 'GET' ? {} : { requestBody: { content: { '*/*': { schema: {} } } } }),
  responses: {
    '200': { description: "The application's answer, streamed as it comes" },
    '401': refusal('No key, or a key revoked, rotated, unknown or past its last day'),
    '402': refusal('Not enough power points for the call: nothing was forwarded nor spent'),
    '404': refusal("Not an application of the key's owner"),
    '409': refusal('The application is not running'),
    '422': refusal("The application's image serves no API"),
    '429': refusal("The key's calls a minute are used up (Retry-After says when to retry)"),
    '503': refusal("The application's API cannot be reached"),
  },
});

/** The gateway's calls in the OpenAPI document (`/api/docs/json`): it is no contract endpoint, since it takes any path. */
export const API_GATEWAY_OPENAPI = {
  paths: {
    [`${API_GATEWAY.pathPrefix}/{applicationId}/{path}`]: {
      get: operation('GET'),
      post: operation('POST'),
      put: operation('PUT'),
      delete: operation('DELETE'),
    },
  },
  securitySchemes: {
    apiKey: { type: 'http', scheme: 'bearer', description: `An API key from /APIOpen (${API_GATEWAY.keyPrefix}…)` },
  },
  schemas: {
    GatewayError: {
      type: 'object',
      required: ['code', 'msg'],
      properties: {
        code: { type: 'integer', description: 'The HTTP status' },
        msg: { type: 'string', description: 'Why, in the Accept-Language of the call' },
        data: { type: 'object', properties: { requestId: { type: 'string' } } },
      },
    },
  },
};
