import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { signRequest } from '@suanli/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, type BrowserSession } from '../support/browser.js';
import { chooseLanguage, dismissWelcomeDialogs, openSignedIn } from '../support/console.js';
import { uniqueAccount } from '../support/dev-api.js';
import { ROOT, startServer, type ServerProcess } from '../support/server-process.js';

// The first administrator is made as on a real server: from its shell, `npm run admin -- grant`, which opens the
// embedded database while the server is stopped (PGlite is one process's). So this journey runs a server of its own.
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'suanli-e2e-admin-'));
let server: ServerProcess;
let session: BrowserSession;
let admin: { email: string; token: string };
let colleague: { email: string; token: string };

async function call<T>(method: string, apiPath: string, body?: unknown, token?: string) {
  const response = await fetch(`${server.baseUrl}/api${apiPath}`, {
    method,
    headers: {
      sn: signRequest(apiPath.split('?')[0]!, Date.now()),
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return (await response.json()) as { code: number; msg: string; data: T };
}

async function register() {
  const { email } = uniqueAccount();
  await call('POST', '/auth/email/send', { email, type: '1' });
  let code: string | null | undefined;
  for (const deadline = Date.now() + 10_000; !code && Date.now() < deadline;) {
    const outbox = await call<{ code: string | null }[]>('GET', `/dev/outbox?to=${encodeURIComponent(email)}`);
    code = outbox.data.find((message) => message.code)?.code;
  }
  const registered = await call<{ access_token: string }>('POST', '/auth/user/registerByEmail', {
    mail: email,
    password: 'journey-pass-1',
    emailCode: code,
  });
  return { email, token: registered.data.access_token };
}

/** `npm run admin -- …` on the journey server's database, as an administrator types it in the server's shell. */
function adminCli(...args: string[]) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/admin-cli.ts', ...args], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

beforeAll(async () => {
  server = await startServer(dataDir);
  admin = await register();
  colleague = await register();
  await server.stop();
  const granted = await adminCli('grant', admin.email, 'admin', '--reason', 'the first administrator');
  expect(granted, granted.output).toMatchObject({ code: 0 });
  const support = await adminCli('grant', admin.email, 'support', '--reason', 'also answers users');
  expect(support, support.output).toMatchObject({ code: 0 });
  server = await startServer(dataDir);
  session = await openBrowser({ baseUrl: server.baseUrl });
}, 180_000);

afterAll(async () => {
  await session?.close();
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the operations console', () => {
  it('opens for the administrator made in the shell, who grants an area and finds the grant in the audit log', async () => {
    const { page, baseUrl } = session;
    await chooseLanguage(page, baseUrl, 'en-US');
    await openSignedIn(page, baseUrl, admin.token, '/aigc');
    await dismissWelcomeDialogs(page);

    // The way in is in the header, for an operator only; the console opens on its dashboard.
    await page.getByTestId('admin-console-link').click();
    await page.waitForURL(`${baseUrl}/admin/dashboard`);
    await expect.poll(() => page.getByTestId('page-title').textContent()).toBe('Dashboard');
    // Support's figures and the administrators' jobs and events; finance's and fleet's are not this operator's.
    const registeredToday = page.getByTestId('dashboard-users-newToday').locator('.ant-statistic-content-value');
    const before = Number(await registeredToday.textContent());
    expect(before).toBeGreaterThanOrEqual(2);
    await page.getByTestId('dashboard-jobs').waitFor();
    expect(await page.getByTestId('dashboard-money').count()).toBe(0);
    // One more registration today is one more on the dashboard.
    await register();
    await page.reload();
    await expect.poll(async () => Number(await registeredToday.textContent())).toBe(before + 1);

    await page.getByTestId('admin-menu-auditLog').click();
    await expect.poll(() => page.getByTestId('page-title').textContent()).toBe('Audit log');
    // The shell's grant is the log's first row, by nobody but the shell.
    const shellRow = page.locator('[data-testid="audit-table"] tbody tr', { hasText: 'the first administrator' });
    await expect.poll(() => shellRow.textContent()).toContain('Server shell');

    await page.getByTestId('admin-menu-operators').click();
    await expect.poll(() => page.getByTestId('page-title').textContent()).toBe('Operators');
    await page.getByTestId('operator-account').fill(colleague.email);
    await page.getByTestId('operator-area').click();
    await page.locator('.ant-select-item-option', { hasText: 'Review' }).click();
    await page.getByTestId('operator-reason').fill('joins the review desk');
    await page.getByTestId('operator-grant').click();
    await page.locator('.ant-message', { hasText: `${colleague.email} may now act in Review` }).waitFor();
    const colleagueRow = page.locator('[data-testid="operators-table"] tbody tr', { hasText: colleague.email });
    await expect.poll(() => colleagueRow.textContent()).toContain('Review');

    await page.getByTestId('admin-menu-auditLog').click();
    const grantRow = page.locator('[data-testid="audit-table"] tbody tr', { hasText: 'joins the review desk' });
    await grantRow.waitFor();
    const text = await grantRow.textContent();
    expect(text).toContain(admin.email);
    expect(text).toContain('operators.grant');
    expect(text).toContain('["review"]');

    // Filtered by its operator, the log holds that grant alone.
    await page.getByTestId('audit-filter-action').fill('operators.grant');
    await page.getByTestId('audit-filter-operator').click();
    await page.locator('.ant-select-item-option', { hasText: admin.email }).click();
    await page.getByTestId('audit-search').click();
    await expect.poll(() => page.locator('[data-testid="audit-table"] tbody tr.ant-table-row').count()).toBe(1);
  });

  it('tells a user who opens /admin, in words, that they are not an operator', async () => {
    const user = await register();
    const { page, baseUrl } = session;
    await page.evaluate(() => window.localStorage.clear());
    await chooseLanguage(page, baseUrl, 'en-US');
    await openSignedIn(page, baseUrl, user.token, '/admin');
    await expect.poll(() => page.getByTestId('page-title').textContent()).toBe('Not an operator');
    expect(await page.getByTestId('admin-refusal-forbidden').textContent()).toContain('(403)');
    expect(await page.getByTestId('admin-console-link').count()).toBe(0);
  });
});
