import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdjustableClock, FixedClock } from '../../src/jobs/clock.js';
import { act, computeEnv, createRenter, imageIdOf, runningApplication } from '../applications/application-helpers.js';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { createOperator } from '../helpers/operators.js';
import { workspacePids } from '../helpers/workspaces.js';
import { balanceOf, buyPoints, pointsOf } from '../helpers/power-points.js';
import { desk } from '../users/users-desk-helpers.js';
import { apiLinkOf, callGateway, createKey, keysOf, newKey, revokeKey, rotateKey } from './api-open-helpers.js';

// The metered gateway through the local driver's real workspace processes: a call costs 40 points here, and a key may
// make 6 calls a minute. Calls bought ahead and not used return to the points a second after the last (decision 0034).
const compute = computeEnv();
let t: TestApp;
let ollama: string;
let pytorch: string;
beforeAll(async () => {
  const clock = new AdjustableClock(new FixedClock(new Date('2026-07-01T04:00:00Z')));
  t = await buildTestApp(
    {
      ...compute,
      RATE_LIMIT_PER_MINUTE: '0',
      GATEWAY_POINTS_PER_CALL: '40',
      GATEWAY_RATE_LIMIT_PER_MINUTE: '6',
      GATEWAY_ALLOWANCE_IDLE_SECONDS: '1',
    },
    { clock },
  );
  t.services.applications.reconcileOnChange();
  ollama = await imageIdOf(t, 'Ollama');
  pytorch = await imageIdOf(t, 'PyTorch 2.3 + JupyterLab');
});
afterAll(() => t.close());

/** A renter with a running Ollama application, an API key and `yuan` of power points (100 a yuan). */
async function caller(yuan = '1') {
  const renter = await createRenter(t);
  const applicationId = await runningApplication(t, renter.token, ollama);
  if (Number(yuan) > 0) {
    expect((await buyPoints(t, renter.token, yuan)).statusCode).toBe(200);
  }
  const { key, credentialId } = await newKey(t, renter.token);
  return { ...renter, applicationId, key, credentialId };
}

const pointsBalance = async (token: string) => (await pointsOf(t, token)).pointsBalance;
/** What the points come to once the calls bought ahead and not used are back. */
const settledPoints = (token: string) => expect.poll(() => pointsBalance(token), { timeout: 20_000, interval: 200 });

describe('the API address of an application', () => {
  it("is the gateway's, for a running application whose image serves an API", async () => {
    const renter = await createRenter(t);
    const applicationId = await runningApplication(t, renter.token, ollama);
    const answer = await apiLinkOf(t, renter.token, applicationId);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toEqual({
      applicationId,
      url: `/gateway/${applicationId}`,
      header: 'Authorization',
      pointsPerCall: 40,
      rateLimitPerMinute: 6,
    });

    const notebook = await runningApplication(t, renter.token, pytorch);
    const none = await apiLinkOf(t, renter.token, notebook);
    expect(none.statusCode).toBe(422);
    expect(none.json().msg).toBe("This application's image serves no API");
    const stranger = await createRenter(t, '0');
    expect((await apiLinkOf(t, stranger.token, applicationId)).statusCode).toBe(404);
  });
});

describe('a call through the gateway', () => {
  it("reaches the application's API with the key and costs its points, never forwarding the key", async () => {
    const { token, applicationId, key } = await caller('1');
    const balance = await balanceOf(t, token);
    const answer = await callGateway(t, key, `/${applicationId}/echo?stream=false`, {
      method: 'POST',
      payload: '{"prompt":"a cat"}',
      headers: { 'content-type': 'application/json', cookie: 'console=1' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toBe('{"prompt":"a cat"}');
    expect(answer.headers['x-echo-query']).toBe('?stream=false');
    expect(answer.headers['content-type']).toBe('application/json');
    const forwarded = String(answer.headers['x-echo-headers']).split(',');
    expect(forwarded).toEqual(expect.arrayContaining(['content-type', 'x-forwarded-for']));
    expect(forwarded).not.toContain('authorization');
    expect(forwarded).not.toContain('cookie');
    await settledPoints(token).toBe(60);
    // Paid in points alone: the balance pays nothing of an API call (spec §9).
    expect(await balanceOf(t, token)).toBe(balance);
    // The first call bought a block of one; the history's oldest spend.
    const spent = (await pointsOf(t, token)).rows.filter((row) => row.kind === 'apiUsage').at(-1);
    expect(spent).toMatchObject({ kind: 'apiUsage', points: -40 });
    expect(spent!.orderNo).toMatch(/^G[0-9a-f]{20}$/);
    expect((await keysOf(t, token))[0]!.lastUsedTime).toBe(t.clock.now().toISOString());

    const health = await callGateway(t, key, `/${applicationId}/healthz`);
    expect(health.statusCode).toBe(200);
    expect(health.body).toBe('ok');
    await settledPoints(token).toBe(20);
  });

  it('is refused with 402 before it is forwarded once the points do not cover it, and spends nothing', async () => {
    const { token, applicationId, key } = await caller('1');
    await callGateway(t, key, `/${applicationId}/healthz`);
    await callGateway(t, key, `/${applicationId}/healthz`);
    const refused = await callGateway(t, key, `/${applicationId}/healthz`);
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({
      code: 402,
      msg: 'Not enough power points: a call costs 40 points and you have 20. Buy power points to continue',
    });
    const zh = await callGateway(t, key, `/${applicationId}/healthz`, { headers: { 'accept-language': 'zh-CN' } });
    expect(zh.json().msg).toBe('算力点不足：每次调用需 40 点，当前剩余 20 点，请购买算力点后继续');
    const overview = await pointsOf(t, token);
    expect(overview.pointsBalance).toBe(20);
    expect(overview.rows.filter((row) => row.kind === 'apiUsage')).toHaveLength(2);
  });

  it('spends the earliest-expiring points first', async () => {
    const { token, applicationId, key } = await caller('1');
    const first = (await pointsOf(t, token)).lots[0]!.orderNo;
    (t.clock as AdjustableClock).advance(24 * 60);
    const later = (await buyPoints(t, token, '1')).json().data.orderNo as string;
    const remaining = async () =>
      Object.fromEntries((await pointsOf(t, token)).lots.map((lot) => [lot.orderNo, lot.remaining]));

    // The lots are polled themselves, not the total and then the lots: a block bought ahead after the call may be
    // drawn between those two reads (CI on PostgreSQL), and given back a second later.
    await callGateway(t, key, `/${applicationId}/healthz`);
    await expect.poll(remaining, { timeout: 20_000, interval: 200 }).toEqual({ [first]: 60, [later]: 100 });
    await callGateway(t, key, `/${applicationId}/healthz`);
    await callGateway(t, key, `/${applicationId}/healthz`);
    // 20 left in the first lot, then 20 of the later one.
    await expect.poll(remaining, { timeout: 20_000, interval: 200 }).toEqual({ [later]: 80 });
  });

  it('is refused with 401 without a key, with a rotated, a revoked or an expired one', async () => {
    const { token, applicationId, key, credentialId } = await caller('1');
    const missing = await callGateway(t, null, `/${applicationId}/healthz`);
    expect(missing.statusCode).toBe(401);
    expect(missing.json().msg).toBe('Send your API key in the Authorization header: Bearer <key>');
    expect((await callGateway(t, key, `/${applicationId}/healthz`)).statusCode).toBe(200);

    const fresh = (await rotateKey(t, token, credentialId)).json().data.key as string;
    const old = await callGateway(t, key, `/${applicationId}/healthz`);
    expect(old.statusCode).toBe(401);
    expect(old.json().msg).toBe('This API key is not valid: it was revoked, rotated or never existed');
    expect((await callGateway(t, fresh, `/${applicationId}/healthz`)).statusCode).toBe(200);

    await revokeKey(t, token, credentialId);
    expect((await callGateway(t, fresh, `/${applicationId}/healthz`)).statusCode).toBe(401);
    expect(await pointsBalance(token)).toBe(20);

    // Today in Shanghai (TZ_BUSINESS, UTC+8), whatever earlier tests did to the clock.
    const today = new Date(t.clock.now().getTime() + 8 * 60 * 60_000).toISOString().slice(0, 10);
    const dated = (await createKey(t, token, { name: 'today', expireDate: today })).json().data.key as string;
    expect((await callGateway(t, dated, `/${applicationId}/healthz`)).statusCode).toBe(402);
    (t.clock as AdjustableClock).advance(24 * 60);
    const expired = await callGateway(t, dated, `/${applicationId}/healthz`);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().msg).toBe('This API key has passed its last day');
  });

  it("is refused with 429 and the reason past the key's rate limit, spending nothing, while other keys go on", async () => {
    const { token, applicationId, key } = await caller('5');
    const answers = [];
    for (let index = 0; index < 7; index += 1) {
      answers.push(await callGateway(t, key, `/${applicationId}/healthz`));
    }
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200, 200, 429]);
    const limited = answers[6]!;
    expect(limited.json().msg).toMatch(/^Rate limit of this API key reached: 6 calls a minute; retry in \d+ s$/);
    expect(limited.headers['retry-after']).toBeDefined();
    await settledPoints(token).toBe(500 - 6 * 40);
    const other = await newKey(t, token, 'second');
    expect((await callGateway(t, other.key, `/${applicationId}/healthz`)).statusCode).toBe(200);
  });

  it("counts the key's calls on every server: the 7th of a minute is refused whichever server answers it", async () => {
    const { applicationId, key } = await caller('5');
    const second = await buildTestApp(
      { ...compute, RATE_LIMIT_PER_MINUTE: '0', GATEWAY_POINTS_PER_CALL: '40', GATEWAY_RATE_LIMIT_PER_MINUTE: '6' },
      { clock: t.clock, testDatabase: t.testDatabase },
    );
    try {
      const statuses = [];
      for (let index = 0; index < 7; index += 1) {
        statuses.push((await callGateway(index % 2 === 0 ? t : second, key, `/${applicationId}/healthz`)).statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429]);
    } finally {
      await second.close();
    }
  });

  it('passes a body of megabytes intact both ways', async () => {
    const { applicationId, key } = await caller('1');
    const body = randomBytes(8 * 1024 * 1024);
    const answer = await callGateway(t, key, `/${applicationId}/echo`, {
      method: 'POST',
      payload: body,
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.rawPayload.length).toBe(body.length);
    expect(answer.rawPayload.equals(body)).toBe(true);
  });

  it("is refused with 403 while its owner's account is locked, though the key is remembered, and passes once unlocked", async () => {
    // Points for twelve calls: on PostgreSQL the lock reaches the gateway by a notification, and a call or two may pass
    // before it does, each paid; with points for two (1 yuan) the call after the unlock was a 402.
    const { userId, applicationId, key } = await caller('5');
    const call = () => callGateway(t, key, `/${applicationId}/healthz`);
    expect((await call()).statusCode).toBe(200);
    const support = await createOperator(t, ['support']);
    expect((await desk(t, support.token).lock(userId)).statusCode).toBe(200);
    // Polled once a second: each call that passes before the lock reaches the gateway also counts against the key's
    // six a minute.
    const slowly = { timeout: 20_000, interval: 1000 };
    await expect.poll(async () => (await call()).statusCode, slowly).toBe(403);
    expect((await call()).json().msg).toBe(
      'The account this API key belongs to is locked; please contact customer service',
    );

    expect((await desk(t, support.token).unlock(userId)).statusCode).toBe(200);
    // A new minute of the key's rate limit (counted in business time), however many calls passed before the lock.
    (t.clock as AdjustableClock).advance(1);
    await expect.poll(async () => (await call()).statusCode, slowly).toBe(200);
  });

  it('is not paid when the application cannot be reached: 503, and its points back', async () => {
    const { token, applicationId, key } = await caller('1');
    const call = () => callGateway(t, key, `/${applicationId}/healthz`);
    expect((await call()).statusCode).toBe(200);
    for (const pid of workspacePids(applicationId, compute.DATA_DIR)) {
      process.kill(pid, 'SIGKILL');
    }
    const lost = await call();
    expect(lost.statusCode).toBe(503);
    expect((await call()).statusCode).toBe(503);
    // One call delivered, at 40 points; the two that were not cost nothing.
    await settledPoints(token).toBe(60);
  });

  it("forwards a query the console would refuse, untouched: the application's API judges its own input", async () => {
    const { applicationId, key } = await caller('1');
    // A right-to-left override, which the console refuses in any field (http/bad-characters.ts).
    const answer = await callGateway(t, key, `/${applicationId}/echo?name=%E2%80%AEcat`, {
      method: 'POST',
      payload: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['x-echo-query']).toBe('?name=%E2%80%AEcat');
  });

  it("is refused for another user's application, a stopped one, and one whose image serves no API", async () => {
    const { token, applicationId, key } = await caller('1');
    const other = await caller('1');
    expect((await callGateway(t, key, `/${other.applicationId}/healthz`)).statusCode).toBe(404);
    const notebook = await runningApplication(t, token, pytorch);
    expect((await callGateway(t, key, `/${notebook}/healthz`)).statusCode).toBe(422);
    await act(t, token, 'stop', applicationId);
    await t.services.applications.settled();
    const stopped = await callGateway(t, key, `/${applicationId}/healthz`);
    expect(stopped.statusCode).toBe(409);
    expect(stopped.json().msg).toBe('The application is not running; start it to call its API');
    expect(await pointsBalance(token)).toBe(100);
  });
});
