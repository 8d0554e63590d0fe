import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The server's DATA_DIR: where the local driver keeps each application's data disk (apps/<id>/data). */
    dataDir: string;
  }
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A port nothing listens on now: the server needs it before it starts, to name its application origins. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Starts the real server (built console, embedded database in a temporary DATA_DIR) on a free port. */
export default async function setup(project: TestProject) {
  if (process.env.VITEST_LIST_ONLY === '1') {
    return;
  }
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'suanli-e2e-'));
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: ROOT,
    // Captchas are off so that a journey can log in; the captcha rules have API tests of their own.
    env: {
      ...process.env,
      PORT: String(port),
      // Application links are served on *.apps.localhost, which Chromium resolves to this machine (ARCHITECTURE §5).
      APP_DOMAIN: `apps.localhost:${port}`,
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEV_TOOLS: '1',
      CAPTCHA: 'off',
      LOG_LEVEL: 'warn',
      // The gateway's calls bought ahead and not used come back a second after the last call (decision 0034).
      GATEWAY_ALLOWANCE_IDLE_SECONDS: '1',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const baseUrl = await new Promise<string>((resolve, reject) => {
    let output = '';
    server.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /http:\/\/localhost:(\d+)/.exec(output);
      if (match) {
        resolve(`http://localhost:${match[1]}`);
      }
    });
    server.once('exit', (code) => reject(new Error(`the server exited with ${code}: ${output}`)));
  });
  project.provide('baseUrl', baseUrl);
  project.provide('dataDir', dataDir);
  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  };
}
