// The baseline: a bare Fastify hello-world on the same machine, so the figure that matters is our ratio to it. With
// BENCH_EDGE=1 it wears our edge's plugins and headers (edge.mjs) and answers /api/healthz's envelope.
import Fastify from 'fastify';
import { answersEnvelope, fastifyOptions, registerEdge } from './edge.mjs';

const app = Fastify(fastifyOptions());
await registerEdge(app);
const answer = answersEnvelope ? { code: 200, msg: '操作成功', data: { status: 'ok' } } : { hello: 'world' };
app.get('/', async () => answer);
await app.listen({ host: '127.0.0.1', port: 0 });
console.log(`listening on http://127.0.0.1:${app.server.address().port}`);
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
