// The metered API gateway under load (docs/decisions/0032): an Ollama application of the local driver, whose
// workspace process is the upstream, called through `/gateway/<id>/...` with an API key (each call authenticated,
// paid in power points from the user's allowance on the server, bought ahead (decision 0034), then proxied), beside the same workspace called
// directly, in the same run: on its zero-work `/healthz`, and on `/infer`, a model's stand-in (50 ms, 64 KiB). The API server runs as for the API figures, but with its scheduler on, which starts the workspace.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { signRequest } from '@suanli/contract';
import { load, start, stop } from './servers.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function seedGateway(env) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'bench/gateway-seed.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    throw new Error(`seeding the gateway bench failed: ${result.stderr}`);
  }
  return JSON.parse(result.stdout.trim().split('\n').pop());
}

async function callApi(base, method, apiPath, { token, body } = {}) {
  const response = await fetch(`${base}/api${apiPath}`, {
    method,
    headers: {
      sn: signRequest(apiPath.split('?')[0], Date.now()),
      authorization: `Bearer ${token}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return response.json();
}

/** Rents an Ollama application and waits until its workspace runs: its id. */
async function runningOllama(base, token) {
  const images = await callApi(base, 'GET', '/system/applicationImage/listByUser', { token });
  const ollama = images.data.find((image) => image.name === 'Ollama');
  const created = await callApi(base, 'POST', '/equipment/deviceServer/createApplication', {
    token,
    body: { imageId: ollama.id, gpuModel: 'RTX 4090', gpuCount: 1, billingMode: 'minute' },
  });
  if (created.code !== 200) {
    throw new Error(`renting the upstream failed: ${created.msg}`);
  }
  const { id } = created.data;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const list = await callApi(base, 'GET', '/equipment/deviceServer/application?pageSize=10', { token });
    if (list.data.rows.find((row) => row.id === id)?.status === 'running') {
      return id;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`application ${id} did not start`);
}

// What a model call is like (bench/README.md): a fixed service time and an answer of a realistic size.
const INFER = '/infer?ms=50&kib=64';

/** The row of a target through the gateway, with its ratio to the same target called directly and the p99 it adds. */
const compared = (gateway, direct) => ({
  ...gateway,
  ratioToDirect: Number((gateway.rps / direct.rps).toFixed(3)),
  p99AddedMs: Number((gateway.p99Ms - direct.p99Ms).toFixed(2)),
});

/**
 * Rows for one engine: for the workspace's /healthz, then its /infer, the target called directly, then through the
 * gateway; each gateway row carries its ratio to the direct one and the p99 it adds.
 */
export async function benchGateway(serverEnv) {
  const { token, key } = seedGateway(serverEnv);
  // With BENCH_PROFILE_DIR, the API server writes its V8 CPU profile there when it stops, as for the API figures.
  const profileDir = process.env.BENCH_PROFILE_DIR;
  const profile = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  const api = await start([...profile, '--import', 'tsx', 'apps/server/src/server.ts'], {
    ...serverEnv,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '0',
    RESPONSE_VALIDATION: 'off',
    GATEWAY_POINTS_PER_CALL: '1',
    GATEWAY_RATE_LIMIT_PER_MINUTE: '1000000000',
  });
  try {
    const id = await runningOllama(api.base, token);
    const record = JSON.parse(readFileSync(path.join(serverEnv.DATA_DIR, 'apps', id, 'workload.json'), 'utf8'));
    const rows = [];
    for (const [name, target] of [
      ['upstream /healthz', '/healthz'],
      ['upstream /infer 50 ms 64 KiB', INFER],
    ]) {
      const direct = await load(`${name}, direct`, `http://127.0.0.1:${record.port}${target}`);
      const gateway = await load(`${name}, via gateway`, `${api.base}/gateway/${id}${target}`, {
        headers: { authorization: `Bearer ${key}` },
      });
      rows.push(direct, compared(gateway, direct));
    }
    return rows;
  } finally {
    await stop(api);
  }
}

// Alone (`node --import tsx bench/gateway.mjs`): PGlite in a temporary DATA_DIR, or PostgreSQL at BENCH_DATABASE_URL.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { mkdtempSync, rmSync } = await import('node:fs');
  const os = await import('node:os');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'suanli-bench-gateway-'));
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  try {
    const rows = await benchGateway({ DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
    console.log(JSON.stringify(rows, null, 2));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
