// The baseline: a bare Fastify hello-world on the same machine, so the figure that matters is our ratio to it.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ host: '127.0.0.1', port: 0 });
console.log(`listening on http://127.0.0.1:${app.server.address().port}`);
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
