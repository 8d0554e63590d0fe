// What the throughput benches share: starting one server at a time as a child process, loading it under wrk (or
// autocannon) with a browser's headers after a warm-up, and the bare baselines they are compared with
// (hello-server.mjs, select-server.mjs) and the real API server started as production runs it.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { signRequest } from '@suanli/contract';
import { measure } from './load.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const seconds = Number(process.env.BENCH_SECONDS ?? 10);
export const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
// What a browser sends on every call; answers above the compression threshold are compressed, as a browser gets them.
export const BROWSER_HEADERS = { 'accept-language': 'zh-CN,zh;q=0.9', 'accept-encoding': 'gzip, deflate, br' };

/** Starts `node <args>` and resolves once it prints the address it listens on. */
export function start(args, env) {
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
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}: ${output}`)));
  });
}

export async function stop({ child }) {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

// `edge`: true for the whole edge, or the names of some of its parts (edge.mjs).
const edgeEnv = (edge) => ({ BENCH_EDGE: Array.isArray(edge) ? edge.join(',') : edge ? '1' : '0' });

/**
 * The bare Fastify handler doing one indexed SELECT by id: PostgreSQL at `databaseUrl`, PGlite in `dataDir` otherwise;
 * with `edge`, wearing our edge's plugins and headers (edge.mjs).
 * @param {{ databaseUrl?: string | undefined, dataDir?: string, edge?: boolean }} where
 */
export const startSelectServer = ({ databaseUrl, dataDir, edge = false }) =>
  start(['bench/select-server.mjs'], {
    ...(databaseUrl ? { SELECT_DATABASE_URL: databaseUrl } : { SELECT_DATA_DIR: dataDir }),
    ...edgeEnv(edge),
  });

/**
 * The bare Fastify hello-world, or with `edge` the same wearing our edge's plugins and headers (edge.mjs), all of them
 * or the parts named.
 * @param {{ edge?: boolean | string[] }} [wearing]
 */
export const startHelloServer = ({ edge = false } = {}) => start(['bench/hello-server.mjs'], edgeEnv(edge));

/**
 * The real server as production runs it (answers written by the compiled serializer, unchecked), with the rate limit
 * and scheduler off; with `profileDir`, it writes its V8 CPU profile there when it stops (`node --cpu-prof`).
 */
export const startApiServer = (env, { profileDir } = {}) =>
  start(
    [
      ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
      '--import',
      'tsx',
      'apps/server/src/server.ts',
    ],
    {
      ...env,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '0',
      SCHEDULER: '0',
      RESPONSE_VALIDATION: 'off',
    },
  );

const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;

/**
 * The CPU time a process has used, user and system, in microseconds (Linux's /proc), or undefined elsewhere. Unlike
 * requests per second it does not move with what else the machine runs (the load generator, steal by neighbours).
 */
function cpuMicros(pid) {
  const file = `/proc/${pid}/stat`;
  if (!existsSync(file)) {
    return undefined;
  }
  // Fields 14 and 15 (utime, stime), counted after the command's last closing parenthesis: the command itself may
  // hold spaces and parentheses.
  const stat = readFileSync(file, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / CLOCK_TICKS;
}

/**
 * A 2-second warm-up, then the measured run. With `apiPath`, a signed `sn` header made just before, so it stays inside
 * its ±5-minute window; with `token`, the session's bearer token; `headers` are sent as well. With `server` (what
 * start() resolved to), also the CPU time that server spent per answered request (`cpuMicrosPerRequest`).
 *
 * @param {string} name
 * @param {string} url
 * @param {{ apiPath?: string, token?: string, headers?: Record<string, string>, server?: { child: import('node:child_process').ChildProcess } }} [options]
 */
export async function load(name, url, { apiPath, token, headers: extra = {}, server } = {}) {
  const headers = {
    ...BROWSER_HEADERS,
    ...extra,
    ...(apiPath ? { sn: signRequest(apiPath, Date.now()) } : {}),
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  };
  await measure(url, { seconds: 2, connections, headers });
  const before = server && cpuMicros(server.child.pid);
  const result = { name, url, ...(await measure(url, { seconds, connections, headers })) };
  const after = server && cpuMicros(server.child.pid);
  if (before !== undefined && after !== undefined) {
    result.cpuMicrosPerRequest = Number(((after - before) / result.requests).toFixed(1));
  }
  const cpu = result.cpuMicrosPerRequest === undefined ? '' : `, ${result.cpuMicrosPerRequest} µs CPU/request`;
  console.log(
    `  ${name}: ${result.rps.toFixed(0)} req/s, p99 ${result.p99Ms.toFixed(2)} ms${cpu}, non-2xx ${result.non2xx}`,
  );
  return result;
}
