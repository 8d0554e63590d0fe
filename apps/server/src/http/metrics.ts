import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's registry: modules add their counters to it, and their gauges through Module.metrics (app.ts). */
    metrics: Registry;
  }
}

/**
 * Prometheus metrics at /metrics, one registry per app so that test apps never share counters. Counters and the
 * request histogram are per instance (sum them across instances); the gauges modules read from the database at scrape
 * are platform-wide, the same from every instance (take one, e.g. max, across instances).
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance) => {
    const registry = new Registry();
    app.decorate('metrics', registry);
    collectDefaultMetrics({ register: registry });
    const requests = new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests by method, route and status',
      labelNames: ['method', 'route', 'status'],
      registers: [registry],
    });
    const duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request duration by method and route',
      labelNames: ['method', 'route'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });
    app.addHook('onResponse', (request, reply, done) => {
      // Unmatched paths share one label so that scanners cannot blow up the series count.
      const routePath = request.routeOptions.url ?? 'unmatched';
      requests.inc({ method: request.method, route: routePath, status: String(reply.statusCode) });
      duration.observe({ method: request.method, route: routePath }, reply.elapsedTime / 1000);
      done();
    });
    app.get('/metrics', { config: { rateLimit: false }, schema: { hide: true } }, async (_request, reply) => {
      return reply.type(registry.contentType).send(await registry.metrics());
    });
  },
  { name: 'metrics' },
);
