import type { Locale } from '@suanli/contract';
import type { TestApp } from '../helpers/build-test-app.js';

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
