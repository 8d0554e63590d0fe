import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locale } from '@suanli/contract';
import type { TestDatabase } from '../helpers/test-database.js';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';

export const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001', 'hex');

/** The real app on its own data directory, so screenshots land in a temporary embedded object store. */
export async function startFeedbackApp(options: { testDatabase?: TestDatabase; env?: Record<string, string> } = {}) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'suanli-feedback-'));
  const t = await buildTestApp({ DATA_DIR: dataDir, RATE_LIMIT_PER_MINUTE: '0', ...options.env }, options);
  return {
    t,
    cleanUp: async () => {
      await t.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Uploads a picture as the feedback dialog does (link, then PUT to it): the key to name in the feedback. */
export async function uploadScreenshot(t: TestApp, token: string, bytes = PNG, type = 'image/png', name = 'shot.png') {
  const link = await t.request({
    method: 'GET',
    url: `/api/file/getImgPresignedUploadUrl?fileName=${encodeURIComponent(name)}`,
    token,
  });
  const { url, key } = link.json().data as { url: string; key: string };
  const put = await t.app.inject({ method: 'PUT', url, headers: { 'content-type': type }, payload: bytes });
  if (put.statusCode !== 200) {
    throw new Error(`upload answered ${put.statusCode}`);
  }
  return key;
}

export const sendFeedback = (t: TestApp, token: string, payload: unknown, locale: Locale = 'en-US') =>
  t.request({ method: 'POST', url: '/api/system/feedback/addInfo', token, payload: payload as object, locale });

export const consult = (t: TestApp, payload: unknown, options: { locale?: Locale; ip?: string } = {}) =>
  t.request({
    method: 'POST',
    url: '/api/auth/consult',
    payload: payload as object,
    locale: options.locale ?? 'en-US',
    remoteAddress: options.ip ?? '203.0.113.10',
  });

export const adopt = (t: TestApp, operatorToken: string, id: string) =>
  t.request({
    method: 'POST',
    url: `/api/admin/support/feedback/${id}/adopt`,
    token: operatorToken,
    locale: 'en-US',
    payload: { reason: 'a good idea we built' },
  });
