import { execFile, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { signRequest } from '@suanli/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_ROOT } from '../helpers/spawn.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.js';
import { validIdNumber } from '../real-name/real-name-ids.js';

// The image `npm run image` builds (Containerfile), run with podman as an operator runs it, against this pass's
// PostgreSQL: it must become ready, serve a user's registration, recharge and rental, report itself healthy, stay
// small, and stop on SIGTERM cleanly. CI sets IMAGE_REQUIRED=1, so that missing tools fail rather than skip.
const REPO_ROOT = path.resolve(SERVER_ROOT, '../..');
const CONTAINERS_CONF = path.join(REPO_ROOT, 'scripts/image/containers.conf');
const IMAGE = 'localhost/suanli:latest';
// Debian bookworm minbase with Node 20 and npm is about 220 MB; production dependencies and the console add the rest.
const MAX_IMAGE_BYTES = 450 * 1024 * 1024;
const missingTools = ['podman', 'buildah'].filter((tool) => spawnSync(tool, ['--version']).error);
const required = process.env.IMAGE_REQUIRED === '1';
const run = promisify(execFile);
const env = { ...process.env, CONTAINERS_CONF };

const podman = async (...args: string[]) =>
  (await run('podman', args, { env, maxBuffer: 16 * 1024 * 1024 })).stdout.trim();

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 120_000): Promise<T> {
  for (const deadline = Date.now() + timeoutMs; ;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) {
      return value;
    }
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting for ${what}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

const container = `suanli-image-test-${randomBytes(4).toString('hex')}`;
let database: TestDatabase | undefined;
let origin = '';

/** A call as the console makes it: signed with the sn header, with the token when given. */
async function call<T>(method: string, url: string, options: { token?: string; body?: object } = {}) {
  const response = await fetch(`${origin}/api${url}`, {
    method,
    headers: {
      sn: signRequest(url.split('?')[0]!, Date.now()),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body ? { 'content-type': 'application/json' } : {}),
    },
    body: options.body ? JSON.stringify(options.body) : undefined,
  });
  return { status: response.status, body: (await response.json()) as { code: number; msg: string; data: T } };
}

describe.skipIf(missingTools.length > 0 && !required)('the container image', () => {
  beforeAll(async () => {
    if (missingTools.length > 0) {
      throw new Error(
        `IMAGE_REQUIRED=1 but ${missingTools.join(' and ')} missing: apt-get install buildah podman runc debootstrap`,
      );
    }
    await run('bash', [path.join(REPO_ROOT, 'scripts/image/build.sh')], {
      env: { ...env, IMAGE },
      maxBuffer: 64 * 1024 * 1024,
    });
    database = await createTestDatabase();
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    const settings = {
      DATABASE_URL: database.url!,
      PORT: String(port),
      HOST: '127.0.0.1',
      // The sandbox: the outbox that shows the codes, the cashier that pays, the simulated fleet and local workspaces.
      DEV_TOOLS: 'on',
      CAPTCHA: 'off',
      NVIDIA_SMI: '/nonexistent/nvidia-smi',
      LOG_LEVEL: 'info',
    };
    await podman(
      'run',
      '--detach',
      `--name=${container}`,
      '--network=host',
      ...Object.entries(settings).flatMap(([name, value]) => ['--env', `${name}=${value}`]),
      IMAGE,
    );
  }, 1_200_000);

  afterAll(async () => {
    await podman('rm', '--force', '--time=0', container).catch(() => undefined);
    await database?.drop();
  });

  it('is small: production dependencies and the built console on Debian slim with Node 20', async () => {
    const size = Number(await podman('image', 'inspect', '--format={{.Size}}', IMAGE));
    console.log(`image ${IMAGE}: ${(size / 1024 / 1024).toFixed(0)} MB`);
    expect(size).toBeLessThan(MAX_IMAGE_BYTES);
    const files = await podman('run', '--rm', '--entrypoint=sh', IMAGE, '-c', 'id -u; id -un; ls /app/node_modules');
    const [uid, user, ...modules] = files.split('\n');
    expect({ uid, user }).toEqual({ uid: '1000', user: 'suanli' });
    expect(modules).toContain('fastify');
    expect(modules).not.toContain('vitest');
    expect(modules).not.toContain('vite');
  }, 120_000);

  it('becomes ready and healthy, and serves the console and a rental from registration to a running application', async () => {
    await until('readiness', async () => ((await fetch(`${origin}/api/readyz`)).ok ? true : undefined));
    await until('the health check', async () => {
      await podman('healthcheck', 'run', container);
      return true;
    });
    const page = await fetch(`${origin}/`);
    expect({ status: page.status, html: (await page.text()).includes('<div id="root"') }).toEqual({
      status: 200,
      html: true,
    });

    const phone = `139${String(Date.now() % 100_000_000).padStart(8, '0')}`;
    expect((await call('POST', '/auth/msm/send', { body: { phone, type: '1' } })).status).toBe(200);
    const code = await until('the code', async () => {
      const outbox = await call<{ code: string | null }[]>('GET', `/dev/outbox?to=${phone}`);
      return outbox.body.data.find((message) => message.code)?.code ?? undefined;
    });
    const registered = await call<{ access_token: string }>('POST', '/auth/user/registerClient', {
      body: { phonenumber: phone, password: 'image-pass-1', verificationCode: code },
    });
    expect(registered.status).toBe(200);
    const token = registered.body.data.access_token;
    const query = new URLSearchParams({ realName: '张三', idCard: validIdNumber() });
    expect((await call('POST', `/auth/realNameAuth2?${query}`, { token })).status).toBe(200);

    const recharge = await call<{ orderNo: string }>('POST', '/recharge/api/wx-pay/native/', {
      token,
      body: { amount: '100' },
    });
    expect((await call('POST', `/dev/payments/${recharge.body.data.orderNo}/pay`, { body: {} })).status).toBe(200);
    const balance = await call<{ balance: string }>('GET', '/recharge/order-info/selectBalance', { token });
    expect(balance.body.data.balance).toBe('100.00');

    const images = await call<{ id: string; name: string }[]>(
      'GET',
      '/system/applicationImage/listByUser?kind=official',
    );
    const image = images.body.data.find((row) => row.name === 'PyTorch 2.3 + JupyterLab')!;
    const created = await call<{ id: string }>('POST', '/equipment/deviceServer/createApplication', {
      token,
      body: { imageId: image.id, gpuModel: 'RTX 4090', gpuCount: 1, billingMode: 'minute' },
    });
    expect(created.status).toBe(200);
    const status = await until('the application to run', async () => {
      const list = await call<{ rows: { id: string; status: string }[] }>(
        'GET',
        '/equipment/deviceServer/application?pageSize=100',
        { token },
      );
      const row = list.body.data.rows.find((candidate) => candidate.id === created.body.data.id);
      return row?.status === 'running' ? row.status : undefined;
    });
    expect(status).toBe('running');
  }, 300_000);

  it('stops on SIGTERM by closing the server and the database cleanly, exit code 0', async () => {
    expect(await podman('image', 'inspect', '--format={{.Config.StopSignal}}', IMAGE)).toBe('SIGTERM');
    await podman('stop', '--time=60', container);
    expect(await podman('inspect', '--format={{.State.ExitCode}}', container)).toBe('0');
    expect(await podman('logs', container)).toContain('database closed; bye');
  }, 120_000);
});
