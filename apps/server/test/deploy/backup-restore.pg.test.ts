import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { signRequest } from '@suanli/contract';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { TEST_DATABASE_URL, withDatabase } from '../helpers/engine.js';
import { cashier, openRecharge } from '../helpers/recharges.js';
import { exitOf, spawnTs, waitForLine } from '../helpers/spawn.js';
import { createTestDatabase } from '../helpers/test-database.js';
import { accountFlows, PASSWORD, uniqueIp, uniquePhone } from '../fixtures/auth-flows.js';
import { validIdNumber } from '../real-name/real-name-ids.js';

// docs/operations.md, followed to the letter: a database seeded through the app is backed up with pg_dump, its
// DATA_DIR (the keys it generated and the local object store) with tar; both are restored into a new database and a
// new directory, the originals are dropped, and a server process started on the copies must be the same platform.
const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const scratch = mkdtempSync(path.join(tmpdir(), 'suanli-backup-'));
const dataDir = path.join(scratch, 'data');
const restoredDir = path.join(scratch, 'restored');
const restoredName = `suanli_restored_${randomBytes(6).toString('hex')}`;
const restoredUrl = withDatabase(TEST_DATABASE_URL!, restoredName);
const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), randomBytes(64)]);

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

let server: ReturnType<typeof spawnTs> | undefined;
afterAll(async () => {
  if (server) {
    server.kill('SIGTERM');
    await exitOf(server);
  }
  await admin(`DROP DATABASE IF EXISTS ${restoredName} WITH (FORCE)`);
  rmSync(scratch, { recursive: true, force: true });
});

interface Seen {
  phone: string;
  balance: unknown;
  statement: unknown;
  realName: unknown;
}

/** Two users registered with passwords, a paid recharge, a transfer, an avatar and a real-name check, through the app. */
async function seed(t: TestApp) {
  const flows = accountFlows(t);
  const register = async () => {
    const phone = uniquePhone();
    const registered = await flows.registerByPhone(phone, await flows.code(phone, '1', { ip: uniqueIp() }));
    expect(registered.statusCode).toBe(200);
    const login = await flows.loginByPassword(phone, PASSWORD);
    return { phone, token: login.json().data.access_token as string };
  };
  const payer = await register();
  const recipient = await register();
  const { orderNo } = await openRecharge(t, payer.token, 100);
  expect((await cashier(t, orderNo, 'pay')).statusCode).toBe(200);
  const transfer = await t.request({
    method: 'POST',
    url: '/api/recharge/transfer',
    token: payer.token,
    payload: { username: recipient.phone, amount: '12.34' },
  });
  expect(transfer.json().data.balance).toBe('87.66');
  const upload = (
    await t.request({ method: 'GET', url: '/api/file/getAvatarPreSignedUploadUrl?fileName=me.png', token: payer.token })
  ).json().data as { url: string; key: string };
  const put = await t.app.inject({
    method: 'PUT',
    url: upload.url,
    headers: { 'content-type': 'image/png' },
    payload: PNG,
  });
  expect(put.statusCode).toBe(200);
  const changed = await t.request({
    method: 'GET',
    url: `/api/system/user/changeAvatar?avatar=${encodeURIComponent(upload.key)}`,
    token: payer.token,
  });
  const avatarUrl = changed.json().data.avatarUrl as string;
  const query = new URLSearchParams({ realName: '张三', idCard: validIdNumber() });
  const verified = await t.request({ method: 'POST', url: `/api/auth/realNameAuth2?${query}`, token: payer.token });
  expect(verified.statusCode).toBe(200);

  const seen = async ({ phone, token }: { phone: string; token: string }): Promise<Seen> => ({
    phone,
    balance: (await t.request({ method: 'GET', url: '/api/recharge/order-info/selectBalance', token })).json().data,
    statement: (
      await t.request({ method: 'GET', url: '/api/recharge/order-info/selectIncomeExpense?pageSize=100', token })
    ).json().data,
    realName: (await t.request({ method: 'PUT', url: '/api/auth/user/upVerified', token })).json().data,
  });
  return { users: [await seen(payer), await seen(recipient)], avatarUrl };
}

/** A request to the restored server as the console sends it: signed, with the token when given. */
async function call(origin: string, method: string, url: string, options: { token?: string; body?: object } = {}) {
  const response = await fetch(`${origin}${url}`, {
    method,
    headers: {
      sn: signRequest(url.split('?')[0]!.replace(/^\/api/, ''), Date.now()),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body ? { 'content-type': 'application/json' } : {}),
    },
    body: options.body ? JSON.stringify(options.body) : undefined,
  });
  return { status: response.status, json: (await response.json()) as { data: Record<string, unknown> } };
}

describe('a backup of the database, the object store and the keys in DATA_DIR', () => {
  it('restores into a new database and directory as the same platform: logins, balances, statements, files, ledger', async () => {
    const source = await createTestDatabase();
    // The keys left unset are generated into DATA_DIR/secrets.json, as outside production; objects go to DATA_DIR/objects.
    const t = await buildTestApp(
      { DATA_DIR: dataDir, ID_ENCRYPTION_KEY: '', OBJECT_SIGNING_KEY: '', CAPTCHA: 'off' },
      { testDatabase: source },
    );
    const before = await seed(t);
    await t.close();
    expect(existsSync(path.join(dataDir, 'secrets.json'))).toBe(true);

    const dump = path.join(scratch, 'suanli.dump');
    const archive = path.join(scratch, 'data.tar.gz');
    execFileSync(path.join(PG_BIN, 'pg_dump'), ['--format=custom', `--file=${dump}`, source.url!]);
    execFileSync('tar', ['-czf', archive, '-C', dataDir, '.']);
    await source.drop();
    rmSync(dataDir, { recursive: true, force: true });

    await admin(`CREATE DATABASE ${restoredName} TEMPLATE template0`);
    execFileSync(path.join(PG_BIN, 'pg_restore'), ['--exit-on-error', '--no-owner', `--dbname=${restoredUrl}`, dump]);
    mkdirSync(restoredDir);
    execFileSync('tar', ['-xzf', archive, '-C', restoredDir]);

    server = spawnTs('src/server.ts', [], {
      DATABASE_URL: restoredUrl,
      DATA_DIR: restoredDir,
      ID_ENCRYPTION_KEY: '',
      OBJECT_SIGNING_KEY: '',
      HOST: '127.0.0.1',
      PORT: '0',
      CAPTCHA: 'off',
      DEV_TOOLS: 'off',
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent',
      NVIDIA_SMI: '/nonexistent/nvidia-smi',
    });
    const [, port] = await waitForLine(server, /http:\/\/localhost:(\d+)/);
    const origin = `http://127.0.0.1:${port}`;

    for (const user of before.users) {
      const login = await call(origin, 'POST', '/api/auth/loginByPassword', {
        body: { username: user.phone, password: PASSWORD },
      });
      expect(login.status).toBe(200);
      const token = login.json.data.access_token as string;
      const balance = await call(origin, 'GET', '/api/recharge/order-info/selectBalance', { token });
      const statement = await call(origin, 'GET', '/api/recharge/order-info/selectIncomeExpense?pageSize=100', {
        token,
      });
      const realName = await call(origin, 'PUT', '/api/auth/user/upVerified', { token });
      expect({
        phone: user.phone,
        balance: balance.json.data,
        statement: statement.json.data,
        realName: realName.json.data,
      }).toEqual(user);
    }
    expect((before.users[0]!.balance as { balance: string }).balance).toBe('87.66');
    expect((before.users[1]!.balance as { balance: string }).balance).toBe('12.34');

    // The link signed before the backup still verifies: the restored key signs as the old one did, and the bytes are back.
    const avatar = await fetch(`${origin}${before.avatarUrl}`);
    expect(avatar.status).toBe(200);
    expect(Buffer.from(await avatar.arrayBuffer()).equals(PNG)).toBe(true);

    const check = spawnTs('src/modules/wallet/ledger-check-cli.ts', [], {
      DATABASE_URL: restoredUrl,
      LOG_LEVEL: 'silent',
    });
    let output = '';
    check.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    check.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    expect({ code: (await exitOf(check)).code, output }).toEqual({
      code: 0,
      output: expect.stringMatching(/transfers checked, 0 findings/),
    });
  }, 180_000);
});
