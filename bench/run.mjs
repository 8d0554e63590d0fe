// `npm run bench`: requests per second, p99 latency and CPU time per request of the API beside the bare stack it runs
// on, measured in one run. First the edge part by part: a hello-world wearing each of its plugins and headers alone. Then once on PGlite and once on PostgreSQL (BENCH_DATABASE_URL). Each engine gets: a bare Fastify hello-world, a
// bare Fastify handler doing one indexed SELECT by id with the same driver, each again wearing our edge (edge.mjs),
// GET /api/healthz, getUserInfo with a real session and signed `sn` header, and the notices list of a user who has
// 10,000 of them. Only one server runs at a time. Then the object store's upload and download throughput, each adapter beside the same bytes moved without it
// (objects.ts). Results go to bench/results/api-<date>.json.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  BROWSER_HEADERS,
  connections,
  load,
  seconds,
  startApiServer,
  startHelloServer,
  startSelectServer,
  stop,
} from './servers.mjs';
import { EDGE_PARTS } from './edge.mjs';
import { benchGateway } from './gateway.mjs';
import { benchObjects } from './objects.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// With a folder, the API server writes a V8 CPU profile there when it stops (`node --cpu-prof`).
const profileDir = process.env.BENCH_PROFILE_DIR;

function seed(env) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'bench/seed.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    throw new Error(`seeding failed: ${result.stderr}`);
  }
  return JSON.parse(result.stdout.trim().split('\n').pop());
}

// The gateway beside its upstream called directly, per engine (gateway.mjs).
const gateway = [];

async function benchEngine(engine, databaseUrl) {
  console.log(`\n${engine}`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'suanli-bench-'));
  const databaseEnv = databaseUrl ? { DATABASE_URL: databaseUrl } : {};
  const rows = [];
  try {
    for (const edge of [false, true]) {
      const hello = await startHelloServer({ edge });
      rows.push(await load(`fastify hello-world${edge ? ' + edge' : ''}`, `${hello.base}/`, { server: hello }));
      await stop(hello);
    }
    for (const edge of [false, true]) {
      const select = await startSelectServer({ databaseUrl, dataDir: `${dataDir}/select`, edge });
      rows.push(
        await load(`fastify + one SELECT${edge ? ' + edge' : ' by id'}`, `${select.base}/`, { server: select }),
      );
      await stop(select);
    }

    const serverEnv = { DATA_DIR: dataDir, ...databaseEnv };
    const { token } = seed(serverEnv);
    const api = await startApiServer(serverEnv, { profileDir });
    rows.push(await load('GET /api/healthz', `${api.base}/api/healthz`, { server: api }));
    const userInfo = '/auth/user/getUserInfo';
    rows.push(await load('getUserInfo', `${api.base}/api${userInfo}`, { apiPath: userInfo, token, server: api }));
    const informs = '/system/inform/getAllInform';
    rows.push(
      await load('listInforms (10,000 stored)', `${api.base}/api${informs}?pageNum=1&pageSize=10`, {
        apiPath: informs,
        token,
        server: api,
      }),
    );
    await stop(api);

    gateway.push(...(await benchGateway(serverEnv)).map((row) => ({ engine, ...row })));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  const [hello, helloEdge, select, selectEdge] = rows;
  const ratioTo = (row, baseline) => Number((row.rps / baseline.rps).toFixed(3));
  // Ours are the rows after the four baselines; the SELECT + edge row is read against the bare SELECT too.
  return rows.map((row, index) => {
    const ours = index >= 4;
    const reads = row === selectEdge || (ours && /getUserInfo|listInforms/.test(row.name));
    return {
      engine,
      ...row,
      ratio: ratioTo(row, hello),
      ...(reads ? { ratioToSelect: ratioTo(row, select) } : {}),
      ...(ours ? { ratioToEdge: ratioTo(row, reads ? selectEdge : helloEdge) } : {}),
    };
  });
}

/**
 * What each part of the edge costs alone: a bare hello-world, then the same wearing one part at a time, then all of
 * them. No database is read, so this runs once, not per engine.
 */
async function benchEdgeParts() {
  console.log('\nthe edge, part by part');
  const measured = [];
  for (const edge of [false, ...EDGE_PARTS.map((part) => [part]), true]) {
    const hello = await startHelloServer({ edge });
    const name = edge === false ? 'hello' : edge === true ? 'hello + the whole edge' : `hello + ${edge[0]}`;
    measured.push(await load(name, `${hello.base}/`, { server: hello }));
    await stop(hello);
  }
  return measured.map((row) => ({ ...row, ratio: Number((row.rps / measured[0].rps).toFixed(3)) }));
}

const edgeParts = await benchEdgeParts();
const rows = await benchEngine('PGlite', undefined);
if (process.env.BENCH_DATABASE_URL) {
  rows.push(...(await benchEngine('PostgreSQL', process.env.BENCH_DATABASE_URL)));
} else {
  console.log('\nBENCH_DATABASE_URL is unset: PostgreSQL was not measured.');
}

const objects = await benchObjects();

const stamp = new Date().toISOString();
mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
const file = path.join(ROOT, 'bench/results', `api-${stamp.slice(0, 10)}.json`);
const load1 = os.loadavg()[0].toFixed(2);
writeFileSync(
  file,
  `${JSON.stringify({ stamp, node: process.version, cpus: os.cpus().length, loadAverage: Number(load1), seconds, connections, headers: BROWSER_HEADERS, edgeParts, rows, gateway, objects }, null, 2)}\n`,
);

const pad = (text, width) => String(text).padStart(width);
const cpu = (row) => pad(row.cpuMicrosPerRequest?.toFixed(1) ?? '', 8);
console.log(
  `\n${'the edge, part by part'.padEnd(42)} ${pad('req/s', 8)} ${pad('p99 ms', 8)} ${pad('×hello', 7)} ${pad('µs CPU', 8)}`,
);
for (const row of edgeParts) {
  console.log(
    `${row.name.padEnd(42)} ${pad(row.rps.toFixed(0), 8)} ${pad(row.p99Ms.toFixed(2), 8)} ${pad(row.ratio.toFixed(3), 7)} ${cpu(row)}`,
  );
}
console.log(
  `\n${'engine'.padEnd(11)} ${'target'.padEnd(30)} ${pad('req/s', 8)} ${pad('p99 ms', 8)} ${pad('×hello', 7)} ${pad('×select', 8)} ${pad('×edge', 7)} ${pad('µs CPU', 8)}  non-2xx`,
);
for (const row of rows) {
  console.log(
    `${row.engine.padEnd(11)} ${row.name.padEnd(30)} ${pad(row.rps.toFixed(0), 8)} ${pad(row.p99Ms.toFixed(2), 8)} ${pad(row.ratio.toFixed(3), 7)} ${pad(row.ratioToSelect?.toFixed(3) ?? '', 8)} ${pad(row.ratioToEdge?.toFixed(3) ?? '', 7)} ${cpu(row)}  ${row.non2xx}`,
  );
}
console.log(
  `\n${'engine'.padEnd(11)} ${'target'.padEnd(42)} ${pad('req/s', 8)} ${pad('p99 ms', 8)} ${pad('×direct', 8)} ${pad('+p99 ms', 8)}  non-2xx`,
);
for (const row of gateway) {
  console.log(
    `${row.engine.padEnd(11)} ${row.name.padEnd(42)} ${pad(row.rps.toFixed(0), 8)} ${pad(row.p99Ms.toFixed(2), 8)} ${pad(row.ratioToDirect?.toFixed(3) ?? '', 8)} ${pad(row.p99AddedMs?.toFixed(2) ?? '', 8)}  ${row.non2xx}`,
  );
}
console.log(
  `\n×hello = req/s / bare Fastify hello-world, ×select = req/s / bare Fastify + one SELECT by id, ×edge = req/s / the ` +
    `same baseline wearing our edge's third-party plugins and headers (hello + edge for healthz), same engine and run; ` +
    `µs CPU = the server's user and system CPU time per answered request (/proc), steadier than req/s on a shared box ` +
    `(${rows[0].tool}, ${connections} connections, ${seconds} s, load average ${load1} at the end); saved ${path.relative(ROOT, file)}`,
);
