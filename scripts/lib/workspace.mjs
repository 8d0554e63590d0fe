// Dependency-free helpers behind `npm start` and `npm test`: install only when needed, build only what is stale.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

export function newestMtime(target) {
  if (!existsSync(target)) {
    return 0;
  }
  const stat = statSync(target);
  if (!stat.isDirectory()) {
    return stat.mtimeMs;
  }
  return readdirSync(target).reduce((newest, entry) => {
    if (entry === 'node_modules' || entry === 'dist') {
      return newest;
    }
    return Math.max(newest, newestMtime(path.join(target, entry)));
  }, stat.mtimeMs);
}

/** Runs npm ci when node_modules is missing or older than the lockfile; otherwise does nothing. */
export function ensureInstalled() {
  const marker = path.join(ROOT, 'node_modules', '.package-lock.json');
  const lock = path.join(ROOT, 'package-lock.json');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) {
    return;
  }
  console.log('Installing dependencies (npm ci)…');
  const result = spawnSync(npm, ['ci', '--no-audit', '--no-fund'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) {
    throw new Error('npm ci failed');
  }
}

const WEB_SOURCES = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/public',
  'packages/contract/src',
];

/** Builds the console when any of its sources is newer than the last build. */
export function buildWebIfStale() {
  const built = newestMtime(path.join(ROOT, 'apps/web/dist/index.html'));
  const sources = Math.max(...WEB_SOURCES.map((source) => newestMtime(path.join(ROOT, source))));
  if (built > 0 && built >= sources) {
    return;
  }
  console.log('Building the console (vite build)…');
  const result = spawnSync(npm, ['run', 'build', '-w', '@suanli/web'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) {
    throw new Error('the console build failed');
  }
}

/** Runs a command, streaming its output, and resolves with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', ...options });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Runs a command with its output (stdout and stderr, as they come) kept rather than streamed: its exit code and output. */
export function runCaptured(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks = [];
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    child.on('close', (code, signal) =>
      resolve({ code: code ?? (signal ? 1 : 0), output: Buffer.concat(chunks).toString() }),
    );
  });
}
