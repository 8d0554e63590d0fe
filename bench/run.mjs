// `npm run bench`: requests per second and p99 latency of /api/healthz and of /api/readyz (a JSON endpoint that
// reads the database), beside a bare Fastify hello-world measured in the same run. Results go to bench/results/.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { measure } from './load.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

function start(args, env) {
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk.toString();
      const match = /http:\/\/(?:localhost|127\.0\.0\.1):(\d+)/.exec(output);
      if (match) {
        resolve({ child, base: `http://127.0.0.1:${match[1]}` });
      }
    });
    child.once('exit', (code) => reject(new Error(`exited with ${code}: ${output}`)));
  });
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'suanli-bench-'));
const hello = await start(['bench/hello-server.mjs'], {});
const api = await start(['--import', 'tsx', 'apps/server/src/server.ts'], {
  PORT: '0',
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  RATE_LIMIT_PER_MINUTE: '0',
  SCHEDULER: '0',
});

const targets = [
  ['fastify hello-world', `${hello.base}/`],
  ['GET /api/healthz', `${api.base}/api/healthz`],
  ['GET /api/readyz (database)', `${api.base}/api/readyz`],
];
const results = [];
for (const [name, url] of targets) {
  await measure(url, { seconds: 2, connections });
  results.push({ name, url, ...(await measure(url, { seconds, connections })) });
}
for (const { child } of [hello, api]) {
  child.kill('SIGTERM');
}
rmSync(dataDir, { recursive: true, force: true });

const baseline = results[0].rps;
const rows = results.map((result) => ({ ...result, ratio: Number((result.rps / baseline).toFixed(3)) }));
const stamp = new Date().toISOString();
mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
const file = path.join(ROOT, 'bench/results', `api-${stamp.slice(0, 10)}.json`);
writeFileSync(
  file,
  `${JSON.stringify({ stamp, node: process.version, cpus: os.cpus().length, seconds, connections, rows }, null, 2)}\n`,
);

console.log(`\n${'target'.padEnd(30)} ${'req/s'.padStart(10)} ${'p99 ms'.padStart(8)} ${'ratio'.padStart(7)}  non-2xx`);
for (const row of rows) {
  console.log(
    `${row.name.padEnd(30)} ${row.rps.toFixed(0).padStart(10)} ${row.p99Ms.toFixed(2).padStart(8)} ${row.ratio.toFixed(3).padStart(7)}  ${row.non2xx}`,
  );
}
console.log(
  `\nratio = requests per second / bare Fastify hello-world in the same run (${rows[0].tool}); saved ${path.relative(ROOT, file)}`,
);
