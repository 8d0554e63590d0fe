// The edge every API answer of ours passes, without any code of ours: the same third-party plugins (@fastify/compress
// with our threshold and encodings, prom-client's request counter and histogram), a request id, and the same security
// headers on every answer. A baseline server wears it when BENCH_EDGE=1; the real server's ratio to such a baseline is
// the cost of our own hooks and handlers, and the baseline's ratio to the bare one is the edge's. BENCH_EDGE may instead
// name some of its parts (EDGE_PARTS, comma-separated): what each one costs alone. @fastify/cors is such a part but not
// in the whole edge: the server registers it only when CORS_ORIGINS allows some origin, and by default allows none.
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

// `envelope`: a hello-world answers /api/healthz's body, in the API's envelope, instead of its own.
export const EDGE_PARTS = ['envelope', 'compress', 'cors', 'metrics', 'request-id', 'security-headers'];
const WHOLE_EDGE = EDGE_PARTS.filter((part) => part !== 'cors');

const asked = process.env.BENCH_EDGE ?? '0';
const parts = new Set(asked === '1' ? WHOLE_EDGE : asked === '0' ? [] : asked.split(','));
export const answersEnvelope = parts.has('envelope');

/** Fastify's options for a baseline: a random request id, as the real server makes for a request without one. */
export const fastifyOptions = () => ({
  logger: false,
  ...(parts.has('request-id') ? { genReqId: () => randomUUID() } : {}),
});

/** @param {import('fastify').FastifyInstance} app */
function registerMetrics(app) {
  const registry = new Registry();
  const labelNames = ['method', 'route'];
  const requests = new Counter({
    name: 'requests',
    help: '-',
    labelNames: [...labelNames, 'status'],
    registers: [registry],
  });
  const duration = new Histogram({ name: 'duration', help: '-', labelNames, registers: [registry] });
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    requests.inc({ method: request.method, route, status: String(reply.statusCode) });
    duration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    done();
  });
}

/** @param {import('fastify').FastifyInstance} app */
export async function registerEdge(app) {
  if (parts.has('compress')) {
    await app.register(compress, { threshold: 1024, encodings: ['gzip', 'br'], globalDecompression: false });
  }
  if (parts.has('cors')) {
    await app.register(cors, { origin: ['https://console.example.com'] });
  }
  if (parts.has('metrics')) {
    registerMetrics(app);
  }
  if (parts.has('request-id')) {
    app.addHook('onRequest', (request, reply, done) => {
      reply.header('x-request-id', request.id);
      done();
    });
  }
  if (parts.has('security-headers')) {
    app.addHook('onSend', (_request, reply, payload, done) => {
      reply.headers(HEADERS);
      done(null, payload);
    });
  }
}
