import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdjustableClock } from '../../src/jobs/clock.js';
import { parseScanEvent } from '../../src/providers/wechat/index.js';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { FAKE_APP, scanEventXml, signedEventQuery, startFakeWechat } from './wechat-fake-server.js';
import { newOpenId, pollLogin, requestQr, sceneRow } from './wechat-helpers.js';

let t: TestApp;
let clock: AdjustableClock;
let wechat: Awaited<ReturnType<typeof startFakeWechat>>;
beforeAll(async () => {
  wechat = await startFakeWechat();
  t = await buildTestApp({
    WECHAT_LOGIN: 'official',
    WECHAT_APP_ID: FAKE_APP.appId,
    WECHAT_APP_SECRET: FAKE_APP.secret,
    WECHAT_TOKEN: FAKE_APP.token,
    WECHAT_API_BASE: wechat.url,
    WECHAT_QR_BASE: 'https://mp.example/cgi-bin/showqrcode',
  });
  clock = t.clock as AdjustableClock;
});
afterAll(async () => {
  await t.close();
  await wechat.close();
});

const push = (xml: string, query: URLSearchParams) =>
  t.request({
    method: 'POST',
    url: `/wechat/event?${query}`,
    headers: { 'content-type': 'text/xml' },
    payload: xml,
    unsigned: true,
  });

describe('the official-account adapter against a fake WeChat', () => {
  it('creates a string-scene QR ticket with a cached access_token and answers its show-QR url', async () => {
    const calls = wechat.state.tokenCalls;
    const first = await requestQr(t);
    const second = await requestQr(t);
    expect(wechat.state.tokenCalls).toBe(calls + 1);
    expect(first.data).toMatchObject({ expiresIn: 300, sandbox: false });
    expect(first.data.url).toBe(
      `https://mp.example/cgi-bin/showqrcode?ticket=${encodeURIComponent(`gQH+/${first.data.sceneStr}==`)}`,
    );
    expect(wechat.state.qrCalls.at(-1)).toEqual({
      accessToken: wechat.state.validToken,
      body: {
        expire_seconds: 300,
        action_name: 'QR_STR_SCENE',
        action_info: { scene: { scene_str: second.data.sceneStr } },
      },
    });
  });

  it('refreshes the access_token before WeChat expires it', async () => {
    await requestQr(t);
    const calls = wechat.state.tokenCalls;
    clock.advance(114);
    await requestQr(t);
    expect(wechat.state.tokenCalls).toBe(calls);
    clock.advance(2);
    await requestQr(t);
    expect(wechat.state.tokenCalls).toBe(calls + 1);
  });

  it('fetches a new access_token once when WeChat says ours was replaced', async () => {
    await requestQr(t);
    wechat.state.validToken = 'replaced-elsewhere';
    const calls = wechat.state.tokenCalls;
    const { code } = await requestQr(t);
    expect(code).toBe(200);
    expect(wechat.state.tokenCalls).toBe(calls + 1);
  });

  it('answers 503 in the caller language when WeChat is down', async () => {
    wechat.state.down = true;
    try {
      const response = await t.request({ method: 'GET', url: '/api/auth/qrCodeFirstLogin/getQrCode', locale: 'en-US' });
      expect(response.statusCode).toBe(503);
      expect(response.json().msg).toBe('WeChat is temporarily unavailable, please try again later');
    } finally {
      wechat.state.down = false;
    }
  });
});

describe('the WeChat event push', () => {
  it('echoes echostr to a correctly signed server check and refuses a wrong signature', async () => {
    const query = signedEventQuery(FAKE_APP.token);
    query.set('echostr', 'echo-123');
    const good = await t.request({ method: 'GET', url: `/wechat/event?${query}`, unsigned: true });
    expect(good.statusCode).toBe(200);
    expect(good.body).toBe('echo-123');
    query.set('signature', '0'.repeat(40));
    expect((await t.request({ method: 'GET', url: `/wechat/event?${query}`, unsigned: true })).statusCode).toBe(403);
  });

  it('marks the scene scanned on a signed SCAN event, so the poll sees a new WeChat user', async () => {
    const { data } = await requestQr(t);
    const response = await push(
      scanEventXml({ openId: newOpenId(), event: 'SCAN', eventKey: data.sceneStr }),
      signedEventQuery(FAKE_APP.token),
    );
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('success');
    expect((await pollLogin(t, data.sceneStr)).json()).toMatchObject({ code: 200, data: 1 });
  });

  it('reads the scene from qrscene_ when the scan also subscribed', async () => {
    const { data } = await requestQr(t);
    const openId = newOpenId();
    await push(
      scanEventXml({ openId, event: 'subscribe', eventKey: `qrscene_${data.sceneStr}` }),
      signedEventQuery(FAKE_APP.token),
    );
    expect(await sceneRow(t.db, data.sceneStr)).toMatchObject({ status: 'scanned', open_id: openId });
  });

  it('refuses an unsigned, wrongly signed or stale push with 403 and changes nothing', async () => {
    const { data } = await requestQr(t);
    const xml = scanEventXml({ openId: newOpenId(), event: 'SCAN', eventKey: data.sceneStr });
    const forged = signedEventQuery('not-our-token');
    const stale = signedEventQuery(FAKE_APP.token, { timestamp: Math.floor(Date.now() / 1000) - 3600 });
    for (const query of [new URLSearchParams(), forged, stale]) {
      expect((await push(xml, query)).statusCode).toBe(403);
    }
    expect(await sceneRow(t.db, data.sceneStr)).toMatchObject({ status: 'pending', open_id: null });
  });

  it('treats a repeated push as the same scan, even with another sender', async () => {
    const { data } = await requestQr(t);
    const openId = newOpenId();
    const xml = scanEventXml({ openId, event: 'SCAN', eventKey: data.sceneStr });
    await push(xml, signedEventQuery(FAKE_APP.token));
    const first = await sceneRow(t.db, data.sceneStr);
    clock.advance(1);
    expect((await push(xml, signedEventQuery(FAKE_APP.token))).body).toBe('success');
    const other = scanEventXml({ openId: newOpenId(), event: 'SCAN', eventKey: data.sceneStr });
    expect((await push(other, signedEventQuery(FAKE_APP.token))).body).toBe('success');
    expect(await sceneRow(t.db, data.sceneStr)).toEqual(first);
  });

  it('answers success to events that are not scans and to scans of unknown scenes', async () => {
    const text = '<xml><MsgType><![CDATA[text]]></MsgType><Content>hi</Content></xml>';
    expect((await push(text, signedEventQuery(FAKE_APP.token))).body).toBe('success');
    const unknown = scanEventXml({ openId: newOpenId(), event: 'SCAN', eventKey: 'unknown-scene' });
    expect((await push(unknown, signedEventQuery(FAKE_APP.token))).body).toBe('success');
  });

  it('keeps a scene string of digits as text', () => {
    const xml = scanEventXml({ openId: 'o-1', event: 'SCAN', eventKey: '000123' });
    expect(parseScanEvent(xml)).toEqual({ openId: 'o-1', sceneStr: '000123' });
  });
});
