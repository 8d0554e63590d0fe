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

// What a script or a style sheet needs of them: the others (the content security policy, framing, referrer and opener
// policies, …) govern documents only, and would add 700 bytes to each of the dozen files of a page load.
const SUBRESOURCE_HEADERS = ['x-content-type-options', 'cross-origin-resource-policy', 'strict-transport-security'];

/**
 * Helmet's security headers (content security policy, nosniff, frame and referrer policies, HSTS, …) on every answer;
 * the console's hashed assets (`/assets/`, static-files.ts) get those that apply to them. With no nonces nor
 * per-request directives the headers are the same for every request, so they are computed once here: @fastify/helmet
 * would build helmet's middleware anew and parse the policy on each request.
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance) => {
    const headers = helmetHeaders(OPTIONS);
    const subresourceHeaders = Object.fromEntries(
      Object.entries(headers).filter(([name]) => SUBRESOURCE_HEADERS.includes(name)),
    );
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(request.url.startsWith('/assets/') ? subresourceHeaders : headers);
      done();
    });
  },
  { name: 'security-headers' },
);
