import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { files } from '@suanli/contract';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import type { TestDatabase } from '../helpers/test-database.js';
import type { UserId } from '../../src/db/ids.js';
import { inTransaction } from '../../src/db/transaction.js';
import { localDay } from '../../src/jobs/business-time.js';
import type { Clock } from '../../src/jobs/clock.js';
import { addUsage, lockUsage } from '../../src/modules/files/cloud-space.queries.js';

/** A test app whose embedded object store lives in a fresh folder; `cleanUp` removes both. */
export async function startCloudApp(options: { testDatabase?: TestDatabase; clock?: Clock } = {}) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'suanli-cloud-'));
  const t = await buildTestApp({ DATA_DIR: dataDir }, options);
  return {
    t,
    dataDir,
    cleanUp: async () => {
      await t.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const call = (t: TestApp, token: string, url: string, locale: 'en-US' | 'zh-CN' = 'en-US') =>
  t.request({ method: 'GET', url: `/api${url}`, token, locale });

export const q = (params: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(params).map(([key, value]): [string, string] => [key, String(value)])).toString();

/** PUTs bytes to a signed link as the browser does, straight to the store (no token): the answer as it came. */
export const putTo = (t: TestApp, url: string, bytes: Buffer, contentType = 'application/octet-stream') =>
  t.app.inject({ method: 'PUT', url, headers: { 'content-type': contentType }, payload: bytes });

/** Uploads a file through the whole path (link, PUT, finish), single or in parts: the finished entry's answer. */
export async function uploadFile(t: TestApp, token: string, folder: string, name: string, bytes: Buffer) {
  const link = (
    await call(
      t,
      token,
      `/file/getUserDataPreSignedUploadUrl?${q({ fileName: name, path: folder, size: bytes.length })}`,
    )
  ).json().data as files.CloudUpload;
  if (link.mode === 'single') {
    await putTo(t, link.url, bytes);
  } else {
    for (const part of link.parts) {
      const start = (part.partNumber - 1) * link.partSize;
      await putTo(t, part.url, bytes.subarray(start, start + link.partSize));
    }
  }
  return call(t, token, `/file/finishUploadBigUserData?${q({ uploadKey: link.uploadKey })}`);
}

/**
 * Records that a user stores `gb` more GB, through the same statements a finished upload runs: the billing's input
 * without writing 120 GB on a test machine.
 */
export async function storeGb(t: TestApp, userId: UserId, gb: number) {
  await inTransaction(t.db, async (tx) => {
    const usage = await lockUsage(tx, userId);
    await addUsage(tx, userId, {
      usage,
      delta: Math.round(gb * 1024 ** 3),
      day: localDay(t.clock.now(), 'Asia/Shanghai'),
    });
  });
}
