import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { inTransaction } from '../../src/db/transaction.js';
import type { AdjustableClock } from '../../src/jobs/clock.js';
import { LocalComputeDriver } from '../../src/providers/compute/index.js';
import { createObjectStore, type ObjectStore } from '../../src/providers/object-store/index.js';
import { buildTestApp, testConfig, type TestApp } from '../helpers/build-test-app.js';
import { createSignedInUser } from '../helpers/factories.js';
import { eventually, fetchWorkspace } from '../helpers/workspaces.js';
import {
  act,
  computeEnv,
  createRenter,
  imageIdOf,
  runningApplication as runApplication,
} from './application-helpers.js';

// Copies onto an application's data disk (docs/decisions/0027), through the real app and the local driver's real
// workspace processes: what lands on the disk is read back through the workspace's own file browser.
let t: TestApp;
let env: { DATA_DIR: string };
let store: ObjectStore;
let workspaces: LocalComputeDriver;
let image: string;
beforeAll(async () => {
  env = computeEnv();
  t = await buildTestApp(env);
  t.services.applications.reconcileOnChange();
  image = await imageIdOf(t, 'PyTorch 2.3 + JupyterLab');
  store = createObjectStore(await testConfig(env), t.clock);
  workspaces = new LocalComputeDriver({
    dataDir: env.DATA_DIR,
    clock: t.clock,
    startTimeoutMs: 60_000,
    objectStore: store,
  });
});
afterAll(async () => {
  await t.close();
});

const runningApplication = (token: string) => runApplication(t, token, image);

interface Transfer {
  id: string;
  state: string;
  bytesDone: number;
  bytesTotal: number;
  failure: string | null;
  directory: string;
  fileCount: number;
}

const transferOf = async (token: string, id: string, locale: 'en-US' | 'zh-CN' = 'en-US') =>
  (await t.request({ method: 'GET', url: `/api/equipment/deviceServer/transfers/${id}`, token, locale })).json()
    .data as Transfer;

async function finished(token: string, id: string) {
  await t.services.applications.copiesSettled();
  return eventually(
    () => transferOf(token, id),
    (transfer) => transfer.state === 'done' || transfer.state === 'failed',
    30_000,
  );
}

const download = (token: string, query: Record<string, string>, locale: 'en-US' | 'zh-CN' = 'en-US') =>
  t.request({
    method: 'GET',
    url: `/api/equipment/deviceServer/downloadModelToTheApplication?${new URLSearchParams(query)}`,
    token,
    locale,
  });

async function modelId(key: string) {
  const page = await t.request({ method: 'GET', url: '/api/system/trainedModel/listByUser?pageSize=100' });
  return (page.json().data.rows as { id: string; key: string }[]).find((row) => row.key === key)!.id;
}

/** What the workspace's file browser shows of a folder (its page) and serves of a file. */
const browse = async (applicationId: string, folder: string) =>
  (await fetchWorkspace(workspaces, applicationId, `/?path=${encodeURIComponent(folder)}`)).text();
const served = async (applicationId: string, file: string) =>
  Buffer.from(
    await (await fetchWorkspace(workspaces, applicationId, `/files?path=${encodeURIComponent(file)}`)).arrayBuffer(),
  );

const STAND_INS = path.resolve(import.meta.dirname, '../../src/providers/model-source/stand-ins');
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('downloading a model into an application', () => {
  it('copies its files into the folder given, with progress reaching the total, listed by the file browser', async () => {
    const renter = await createRenter(t);
    const applicationId = await runningApplication(renter.token);
    const started = await download(renter.token, {
      modelId: await modelId('sd-vae-ft-mse'),
      applicationId,
      path: '/models/vae',
    });
    expect(started.statusCode).toBe(200);
    const queued = started.json().data as Transfer;
    expect(queued).toMatchObject({ state: 'queued', directory: '/models/vae', fileCount: 2, bytesDone: 0 });
    const done = await finished(renter.token, queued.id);
    expect(done.state).toBe('done');
    expect(done.bytesDone).toBe(done.bytesTotal);
    const weights = readFileSync(path.join(STAND_INS, 'sd-vae-ft-mse/vae-ft-mse-840000-ema-pruned.safetensors'));
    expect(done.bytesTotal).toBe(weights.length + readFileSync(path.join(STAND_INS, 'sd-vae-ft-mse/README.md')).length);
    const listing = await browse(applicationId, 'models/vae');
    expect(listing).toContain('README.md');
    expect(listing).toContain('vae-ft-mse-840000-ema-pruned.safetensors');
    expect(sha(await served(applicationId, 'models/vae/vae-ft-mse-840000-ema-pruned.safetensors'))).toBe(sha(weights));
    const listed = await t.request({
      method: 'GET',
      url: `/api/equipment/deviceServer/transfers?applicationId=${applicationId}`,
      token: renter.token,
    });
    expect(listed.json().data).toMatchObject({ total: 1, rows: [{ id: queued.id, state: 'done' }] });
  });

  it('refuses without an application, without a path or with one off the disk, in the caller’s language', async () => {
    const renter = await createRenter(t);
    const model = await modelId('lora-add-detail');
    const cases: [Record<string, string>, string, string, string][] = [
      [
        { modelId: model, path: '/models' },
        'applicationId',
        'Choose the application to copy into',
        '请选择要复制到的应用',
      ],
      [{ modelId: model, applicationId: '1' }, 'path', 'Please enter the folder to copy into', '请输入要复制到的目录'],
      [{ modelId: model, applicationId: '1', path: '  ' }, 'path', 'Please enter the folder', '请输入要复制到的目录'],
      [
        { modelId: model, applicationId: '1', path: '/models/../../etc' },
        'path',
        'must stay on the data disk',
        '必须位于数据盘内',
      ],
    ];
    for (const [query, field, english, chinese] of cases) {
      const en = await download(renter.token, query, 'en-US');
      expect([field, en.statusCode]).toEqual([field, 400]);
      expect(en.json().data.field).toBe(field);
      expect(en.json().msg).toContain(english);
      const zh = await download(renter.token, query, 'zh-CN');
      expect(zh.json().msg).toContain(chinese);
    }
  });

  it('refuses another user’s application and one that is not running', async () => {
    const owner = await createRenter(t);
    const applicationId = await runningApplication(owner.token);
    const stranger = await createRenter(t);
    const model = await modelId('lora-add-detail');
    const theirs = await download(stranger.token, { modelId: model, applicationId, path: '/models' });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().msg).toBe(`Application ${applicationId} does not exist`);
    expect((await act(t, owner.token, 'stop', applicationId)).statusCode).toBe(200);
    await t.services.applications.settled();
    for (const [locale, message] of [
      ['en-US', 'The application is not running; start it before copying files into it'],
      ['zh-CN', '应用未运行，请先启动应用再复制文件'],
    ] as const) {
      const stopped = await download(owner.token, { modelId: model, applicationId, path: '/models' }, locale);
      expect(stopped.statusCode).toBe(409);
      expect(stopped.json().msg).toBe(message);
    }
    const guest = await download('', { modelId: model, applicationId, path: '/models' });
    expect(guest.statusCode).toBe(401);
  });
});

describe('startCopy from the object store', () => {
  it('lands the object’s bytes on the data disk, and a missing object fails the copy naming the file', async () => {
    const renter = await createRenter(t);
    const applicationId = await runningApplication(renter.token);
    const bytes = Buffer.alloc(300_000, 7);
    await store.put('user-data/tests/dataset.bin', Readable.from(bytes), { contentType: 'application/octet-stream' });
    const start = (key: string, file: string) =>
      inTransaction(t.db, (tx) =>
        t.services.applications.startCopy(tx, {
          userId: renter.userId,
          applicationId,
          directory: 'data/set 1',
          label: file,
          kind: 'data',
          items: [{ path: file, size: bytes.length, source: { kind: 'objects', key } }],
        }),
      );
    const copied = await start('user-data/tests/dataset.bin', 'dataset.bin');
    const missing = await start('user-data/tests/gone.bin', 'gone.bin');
    t.services.applications.copyPending();
    const done = await finished(renter.token, String(copied.id));
    expect(done).toMatchObject({ state: 'done', bytesDone: bytes.length, bytesTotal: bytes.length });
    expect(await browse(applicationId, 'data/set 1')).toContain('dataset.bin');
    expect((await served(applicationId, 'data/set 1/dataset.bin')).equals(bytes)).toBe(true);
    const failed = await finished(renter.token, String(missing.id));
    expect(failed.state).toBe('failed');
    expect(failed.failure).toBe('The file /data/set 1/gone.bin is no longer available');
    expect((await transferOf(renter.token, String(missing.id), 'zh-CN')).failure).toBe(
      '文件 /data/set 1/gone.bin 已不可用',
    );
    expect(await browse(applicationId, 'data/set 1')).not.toContain('gone.bin');
  });

  it('picks up a copy whose worker died, at the next minute, and shows no one else’s copies', async () => {
    const renter = await createRenter(t);
    const applicationId = await runningApplication(renter.token);
    const started = await download(renter.token, {
      modelId: await modelId('chatglm3-6b'),
      applicationId,
      path: 'llm/chatglm3',
    });
    const { id } = started.json().data as Transfer;
    await t.services.applications.copiesSettled();
    // As a server that died mid-copy leaves it: copying, part-way, under a lease that has since run out.
    await t.db.execute(
      sql`UPDATE workspace_transfers SET state = 'copying', bytes_done = 10, finished_at = NULL,
            lease_until = ${new Date(t.clock.now().getTime() - 1000).toISOString()} WHERE id = ${BigInt(id)}`,
    );
    (t.clock as AdjustableClock).advance(1);
    await t.app.scheduler.tick();
    const done = await finished(renter.token, id);
    expect(done.state).toBe('done');
    expect(await browse(applicationId, 'llm/chatglm3')).toContain('config.json');
    const stranger = await createSignedInUser(t);
    const theirs = await t.request({
      method: 'GET',
      url: `/api/equipment/deviceServer/transfers/${id}`,
      token: stranger.token,
    });
    expect(theirs.statusCode).toBe(404);
    const none = await t.request({
      method: 'GET',
      url: '/api/equipment/deviceServer/transfers',
      token: stranger.token,
    });
    expect(none.json().data.total).toBe(0);
  });
});
