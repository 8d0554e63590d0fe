// The edge every API answer of ours passes, without any code of ours: the same third-party plugins (@fastify/compress
// with our threshold and encodings, @fastify/cors, prom-client's request counter and histogram), a request id, and the
// same security headers on every answer. A baseline server wears it when BENCH_EDGE=1; the real server's ratio to
// such a baseline is the cost of our own hooks and handlers, and the baseline's ratio to the bare one is the edge's.
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import { randomUUID } from 'node:crypto';
import { Counter, Histogram, Registry } from 'prom-client';

const HEADERS = {
  'cross-origin-resource-policy': 'same-origin',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'referrer-policy': 'no-referrer',
};

export const wearsEdge = process.env.BENCH_EDGE === '1';

/** Fastify's options for a baseline: a random request id, as the real server makes for a request without one. */
export const fastifyOptions = () => ({ logger: false, ...(wearsEdge ? { genReqId: () => randomUUID() } : {}) });

/** @param {import('fastify').FastifyInstance} app */
export async function registerEdge(app) {
  if (!wearsEdge) {
    return;
  }
  await app.register(compress, { threshold: 1024, encodings: ['gzip', 'br'], globalDecompression: false });
  await app.register(cors, { origin: false });
  const registry = new Registry();
  const labelNames = ['method', 'route'];
  const requests = new Counter({
    name: 'requests',
    help: '-',
    labelNames: [...labelNames, 'status'],
    registers: [registry],
  });
  const duration = new Histogram({ name: 'duration', help: '-', labelNames, registers: [registry] });
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.headers(HEADERS);
    done(null, payload);
  });
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    requests.inc({ method: request.method, route, status: String(reply.statusCode) });
    duration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    done();
  });
}
