import { createHash, timingSafeEqual } from 'node:crypto';
import { XMLParser } from 'fast-xml-parser';
import type { Clock } from '../../jobs/clock.js';
import type { WechatQrProvider } from './types.js';

/** WeChat could not be reached, answered an error status, or refused the call (its errcode). */
export class WechatUnavailableError extends Error {}

const TIMEOUT_MS = 5_000;
// Refresh the access_token this long before WeChat's expires_in (7200 s), so that no call carries a dying token.
const REFRESH_MARGIN_SECONDS = 300;
// "access_token invalid or expired": another process asked WeChat for a new token, which retires ours.
const STALE_TOKEN_ERRCODES = new Set([40001, 40014, 42001]);
// The event push is signed over (token, timestamp, nonce) only, not its body; refusing old timestamps keeps a
// signed URL that leaked (a log line) from being replayed with a forged body for long.
const EVENT_WINDOW_SECONDS = 300;

export interface OfficialAccountOptions {
  appId: string;
  appSecret: string;
  apiBase: string;
  qrBase: string;
  clock: Clock;
}

type WechatAnswer = Record<string, unknown>;

async function callWechat(url: string, init: RequestInit = {}): Promise<WechatAnswer> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    // The URL is left out of the message: the token call carries the app secret in its query.
    throw new WechatUnavailableError('WeChat API unreachable', { cause: error });
  }
  if (!response.ok) {
    throw new WechatUnavailableError(`WeChat API answered HTTP ${response.status}`);
  }
  try {
    return (await response.json()) as WechatAnswer;
  } catch (error) {
    throw new WechatUnavailableError('WeChat API answered something other than JSON', { cause: error });
  }
}

/**
 * The official-account adapter: temporary parametric QR codes with a string scene (the "生成带参数的二维码" API),
 * paid for with an access_token cached in this process until shortly before it expires.
 */
export function officialAccountProvider(options: OfficialAccountOptions): WechatQrProvider {
  const base = options.apiBase.replace(/\/$/, '');
  let cached: { token: string; refreshAt: number } | null = null;
  let inFlight: Promise<string> | null = null;

  async function fetchToken(): Promise<string> {
    const query = new URLSearchParams({
      grant_type: 'client_credential',
      appid: options.appId,
      secret: options.appSecret,
    });
    const answer = await callWechat(`${base}/cgi-bin/token?${query}`);
    if (typeof answer.access_token !== 'string' || typeof answer.expires_in !== 'number') {
      throw new WechatUnavailableError(`WeChat refused the access_token: errcode ${String(answer.errcode)}`);
    }
    const margin = Math.min(REFRESH_MARGIN_SECONDS, answer.expires_in / 2);
    cached = {
      token: answer.access_token,
      refreshAt: options.clock.now().getTime() + (answer.expires_in - margin) * 1000,
    };
    return answer.access_token;
  }

  function accessToken(): Promise<string> {
    if (cached && options.clock.now().getTime() < cached.refreshAt) {
      return Promise.resolve(cached.token);
    }
    // Concurrent QR requests share one token call instead of each retiring the other's token.
    inFlight ??= fetchToken().finally(() => {
      inFlight = null;
    });
    return inFlight;
  }

  async function createTicket(sceneStr: string, expireSeconds: number, retry: boolean): Promise<string> {
    const token = await accessToken();
    const answer = await callWechat(`${base}/cgi-bin/qrcode/create?access_token=${encodeURIComponent(token)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        expire_seconds: expireSeconds,
        action_name: 'QR_STR_SCENE',
        action_info: { scene: { scene_str: sceneStr } },
      }),
    });
    if (retry && STALE_TOKEN_ERRCODES.has(Number(answer.errcode))) {
      cached = null;
      return createTicket(sceneStr, expireSeconds, false);
    }
    if (typeof answer.ticket !== 'string') {
      throw new WechatUnavailableError(`WeChat refused the QR code: errcode ${String(answer.errcode)}`);
    }
    return answer.ticket;
  }

  return {
    sandbox: false,
    async qrUrl(sceneStr, expiresInSeconds) {
      const ticket = await createTicket(sceneStr, expiresInSeconds, true);
      return `${options.qrBase}?ticket=${encodeURIComponent(ticket)}`;
    },
  };
}

/**
 * WeChat signs each push to the server URL: signature = sha1 of [token, timestamp, nonce] sorted and joined
 * (the "接入指南" of the official-account documentation).
 */
export function verifyEventSignature(
  token: string,
  query: { signature?: unknown; timestamp?: unknown; nonce?: unknown },
  nowMs: number,
): boolean {
  const { signature, timestamp, nonce } = query;
  if (typeof signature !== 'string' || typeof timestamp !== 'string' || typeof nonce !== 'string') {
    return false;
  }
  if (!/^\d{1,12}$/.test(timestamp) || Math.abs(nowMs / 1000 - Number(timestamp)) > EVENT_WINDOW_SECONDS) {
    return false;
  }
  const expected = Buffer.from(createHash('sha1').update([token, timestamp, nonce].sort().join('')).digest('hex'));
  const given = Buffer.from(signature.toLowerCase());
  return given.length === expected.length && timingSafeEqual(given, expected);
}

// Tag values stay text: a scene string of digits must not turn into a number; entities are not expanded.
const xmlParser = new XMLParser({ parseTagValue: false, processEntities: false, ignoreDeclaration: true });

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * The scan events of a parametric QR: `subscribe` with EventKey `qrscene_<scene>` when the user follows the account
 * by scanning, `SCAN` with EventKey `<scene>` when they already follow it. Anything else is null.
 */
export function parseScanEvent(xml: string): { openId: string; sceneStr: string } | null {
  let document: { xml?: Record<string, unknown> };
  try {
    document = xmlParser.parse(xml) as typeof document;
  } catch {
    return null;
  }
  const message = document.xml;
  if (!message || text(message.MsgType) !== 'event') {
    return null;
  }
  const event = text(message.Event);
  const eventKey = text(message.EventKey);
  const openId = text(message.FromUserName);
  let sceneStr = '';
  if (event === 'subscribe' && eventKey.startsWith('qrscene_')) {
    sceneStr = eventKey.slice('qrscene_'.length);
  } else if (event === 'SCAN') {
    sceneStr = eventKey;
  }
  return sceneStr && openId ? { openId, sceneStr } : null;
}
