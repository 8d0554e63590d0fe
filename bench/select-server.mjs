// The practical limit of an endpoint that reads the database: a bare Fastify handler doing one indexed SELECT by id,
// with the driver the server uses (pg with a pool of 10 on SELECT_DATABASE_URL, PGlite in SELECT_DATA_DIR otherwise),
// on a table of 10,000 rows. No hooks, no schema, no envelope; with BENCH_EDGE=1, our edge's plugins and headers
// (edge.mjs).
import { PGlite } from '@electric-sql/pglite';
import Fastify from 'fastify';
import pg from 'pg';
import { fastifyOptions, registerEdge } from './edge.mjs';

const ROWS = 10_000;
const url = process.env.SELECT_DATABASE_URL;

async function openDriver() {
  if (url) {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    return { query: async (text, params) => (await pool.query(text, params)).rows, close: () => pool.end() };
  }
  const client = await PGlite.create({ dataDir: process.env.SELECT_DATA_DIR });
  return { query: async (text, params) => (await client.query(text, params)).rows, close: () => client.close() };
}

const driver = await openDriver();
await driver.query(
  'CREATE TABLE IF NOT EXISTS bench_items (id bigint PRIMARY KEY, name text NOT NULL, created_at timestamptz NOT NULL)',
);
await driver.query(
  `INSERT INTO bench_items SELECT n, 'item ' || n, now() FROM generate_series(1, ${ROWS}) AS n ON CONFLICT DO NOTHING`,
);

let next = 0;
const app = Fastify(fastifyOptions());
await registerEdge(app);
app.get('/', async () => {
  next = (next % ROWS) + 1;
  const [row] = await driver.query('SELECT id::text, name, created_at FROM bench_items WHERE id = $1', [next]);
  return row;
});
await app.listen({ host: '127.0.0.1', port: 0 });
console.log(`listening on http://127.0.0.1:${app.server.address().port}`);
process.on('SIGTERM', () => app.close().then(() => driver.close().then(() => process.exit(0))));
