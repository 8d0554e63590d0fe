import type { Locale } from '@suanli/contract';
import { expect } from 'vitest';
import { computeEnv, createRenter, imageIdOf, runningApplication } from '../applications/application-helpers.js';
import type { TestApp } from '../helpers/build-test-app.js';
import { buyPoints } from '../helpers/power-points.js';

export interface IssuedKey {
  credentialId: string;
  name: string;
  prefix: string;
  key: string;
  expireTime: string | null;
}

export const createKey = (t: TestApp, token: string, payload: object, locale: Locale = 'en-US') =>
  t.request({ method: 'POST', url: '/api/system/userApiCredentials/create', token, payload, locale });

export async function newKey(t: TestApp, token: string, name = 'server'): Promise<IssuedKey> {
  const answer = await createKey(t, token, { name });
  if (answer.statusCode !== 200) {
    throw new Error(`creating a key failed: ${answer.body}`);
  }
  return answer.json().data;
}

export async function keysOf(t: TestApp, token: string) {
  const answer = await t.request({ method: 'GET', url: '/api/system/userApiCredentials/getUserApiCredentials', token });
  return answer.json().data.rows as (Omit<IssuedKey, 'key'> & { lastUsedTime: string | null })[];
}

export const rotateKey = (t: TestApp, token: string, credentialId: string) =>
  t.request({
    method: 'PUT',
    url: `/api/system/userApiCredentials/updateToken?credentialId=${credentialId}`,
    token,
    locale: 'en-US',
  });

export const revokeKey = (t: TestApp, token: string, credentialId: string) =>
  t.request({ method: 'DELETE', url: `/api/system/userApiCredentials/revoke/${credentialId}`, token, locale: 'en-US' });

export const apiLinkOf = (t: TestApp, token: string, applicationId: string) =>
  t.request({
    method: 'GET',
    url: `/api/equipment/onlineApplication/obtainApplicationApiLink?applicationId=${applicationId}`,
    token,
    locale: 'en-US',
  });

/** A call through the gateway as a program makes it: no `sn`, no session, the API key as a bearer token. */
export const callGateway = (
  t: TestApp,
  key: string | null,
  path: string,
  options: { method?: 'GET' | 'POST'; payload?: Buffer | string; headers?: Record<string, string> } = {},
) =>
  t.app.inject({
    method: options.method ?? 'GET',
    url: `/gateway${path}`,
    headers: {
      'accept-language': 'en-US',
      ...(key ? { authorization: `Bearer ${key}` } : {}),
      ...options.headers,
    },
    ...(options.payload === undefined ? {} : { payload: options.payload }),
  });

/**
 * A server whose gateway charges 10 points a call and buys calls ahead (decision 0034), with the console's and the
 * gateway's rate limits out of the way; an allowance returns after `idleSeconds` without calls.
 */
export const gatewayEnv = (idleSeconds: string, extra: Record<string, string> = {}) => ({
  ...computeEnv(),
  RATE_LIMIT_PER_MINUTE: '0',
  GATEWAY_POINTS_PER_CALL: '10',
  GATEWAY_RATE_LIMIT_PER_MINUTE: '1000',
  GATEWAY_ALLOWANCE_IDLE_SECONDS: idleSeconds,
  ...extra,
});

/** A renter with a running application of `image` (Ollama by default), an API key and `yuan` of power points. */
export async function gatewayCaller(server: TestApp, yuan: string, image?: string) {
  const renter = await createRenter(server);
  const applicationId = await runningApplication(server, renter.token, image ?? (await imageIdOf(server, 'Ollama')));
  expect((await buyPoints(server, renter.token, yuan)).statusCode).toBe(200);
  const { key } = await newKey(server, renter.token);
  return { ...renter, applicationId, key };
}
