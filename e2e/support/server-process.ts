import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

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

export interface ServerProcess {
  baseUrl: string;
  /** Stops the server and waits until it has exited, so that its embedded database may be opened by another. */
  stop(): Promise<void>;
}

/**
 * Starts the real server (built console, embedded database in `dataDir`, development tools on, captchas off so that
 * a journey can log in; the captcha rules have API tests of their own) on a free port.
 */
export async function startServer(dataDir: string): Promise<ServerProcess> {
  const port = await freePort();
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: ROOT,
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
    server.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /http:\/\/localhost:(\d+)/.exec(output);
      if (match) {
        resolve(`http://localhost:${match[1]}`);
      }
    });
    server.once('exit', (code) => reject(new Error(`the server exited with ${code}: ${output}`)));
  });
  return {
    baseUrl,
    stop: async () => {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    },
  };
}
