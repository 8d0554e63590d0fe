import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

const OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      // antd writes its CSS-in-JS into <style> tags at run time.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      connectSrc: ["'self'"],
      upgradeInsecureRequests: null,
    },
  },
};

/** The headers helmet sets with OPTIONS, read once by running its middleware against a response that records them. */
function helmetHeaders(options: HelmetOptions): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = {};
  const recorder = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    removeHeader: () => undefined,
  };
  let failed: unknown;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    failed = error;
  });
  if (failed) {
    throw failed;
  }
  return headers;
}

// What a script, a style sheet or an API answer needs of them: the others (the console's content security policy,
// framing and opener policies, …) govern documents only, and would add 700 bytes to every answer that is
// none (a sixth of a short API answer's cost to write and send, in the profile of GET /api/healthz).
const SUBRESOURCE_HEADERS = ['x-content-type-options', 'cross-origin-resource-policy', 'strict-transport-security'];
// OWASP's advice for a REST answer: nothing may load from it or frame it, even when opened as a page, and a link in
// it opened as a page sends no Referer (the URL may hold an order number or a signed object link).
const API_POLICY = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'referrer-policy': 'no-referrer',
};

const isDocument = (contentType: unknown) => typeof contentType === 'string' && contentType.startsWith('text/html');

/**
 * Helmet's security headers (content security policy, nosniff, frame and referrer policies, HSTS, …) on every
 * document: the console's index.html and the pages the API serves itself (sandbox pages, the API reference). Other
 * answers (JSON, the console's hashed assets, objects) get the subresource headers, and those not from the console's
 * files a policy that forbids everything. A header the route set itself (an object's sandbox policy) is kept. With
 * no nonces nor per-request directives the headers are the same for every answer, so they are computed once here:
 * @fastify/helmet would build helmet's middleware anew and parse the policy on each request.
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance) => {
    const documentHeaders = Object.entries(helmetHeaders(OPTIONS));
    const subresourceHeaders = documentHeaders.filter(([name]) => SUBRESOURCE_HEADERS.includes(name));
    const apiHeaders = [...subresourceHeaders, ...Object.entries(API_POLICY)];
    // An async hook, as max-params wants, that returns the payload as it came.
    app.addHook('onSend', async (request, reply, payload) => {
      const headers = isDocument(reply.getHeader('content-type'))
        ? documentHeaders
        : request.url.startsWith('/assets/')
          ? subresourceHeaders
          : apiHeaders;
      for (const [name, value] of headers) {
        if (!reply.hasHeader(name)) {
          reply.header(name, value);
        }
      }
      return payload;
    });
  },
  { name: 'security-headers' },
);
