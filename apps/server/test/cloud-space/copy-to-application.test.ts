import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalComputeDriver } from '../../src/providers/compute/index.js';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { eventually, fetchWorkspace, objectStoreIn } from '../helpers/workspaces.js';
import {
  computeEnv,
  createRenter,
  imageIdOf,
  runningApplication as runApplication,
} from '../applications/application-helpers.js';
import { uploadFile } from './cloud-helpers.js';

// downloadDataToTheApplication: cloud-space files copied onto a running application's data disk through the one copy
// mechanism (decision 0027), read back through the workspace's own file browser.
let t: TestApp;
let workspaces: LocalComputeDriver;
let image: string;
beforeAll(async () => {
  const env = computeEnv();
  t = await buildTestApp(env);
  t.services.applications.reconcileOnChange();
  image = await imageIdOf(t, 'PyTorch 2.3 + JupyterLab');
  workspaces = new LocalComputeDriver({
    dataDir: env.DATA_DIR,
    clock: t.clock,
    startTimeoutMs: 60_000,
    objectStore: objectStoreIn(env.DATA_DIR),
  });
});
afterAll(async () => {
  await t.close();
});

const runningApplication = (token: string) => runApplication(t, token, image);

const copy = (token: string, body: Record<string, string>, locale: 'en-US' | 'zh-CN' = 'en-US') =>
  t.request({
    method: 'POST',
    url: '/api/equipment/deviceServer/downloadDataToTheApplication',
    token,
    locale,
    payload: body,
  });

async function finished(token: string, id: string) {
  await t.services.applications.copiesSettled();
  return eventually(
    async () =>
      (await t.request({ method: 'GET', url: `/api/equipment/deviceServer/transfers/${id}`, token })).json().data as {
        state: string;
        bytesDone: number;
        bytesTotal: number;
      },
    (transfer) => transfer.state === 'done' || transfer.state === 'failed',
    30_000,
  );
}

const served = async (applicationId: string, file: string) =>
  Buffer.from(
    await (await fetchWorkspace(workspaces, applicationId, `/files?path=${encodeURIComponent(file)}`)).arrayBuffer(),
  );

describe('copying cloud-space data into an application', () => {
  it('puts a file, and a folder with its layout, on the data disk, where the file browser shows them', async () => {
    const renter = await createRenter(t);
    const notes = randomBytes(3000);
    const weights = randomBytes(20_000);
    expect((await uploadFile(t, renter.token, '/', 'notes.bin', notes)).statusCode).toBe(200);
    expect((await uploadFile(t, renter.token, '/datasets/cats/', 'w.bin', weights)).statusCode).toBe(200);
    const applicationId = await runningApplication(renter.token);

    const file = await copy(renter.token, { dataPath: '/', fileName: 'notes.bin', applicationId, path: '/inbox' });
    expect(file.statusCode).toBe(200);
    const folder = await copy(renter.token, { dataPath: '/', fileName: 'datasets', applicationId, path: '/data' });
    expect(folder.statusCode).toBe(200);
    for (const started of [file, folder]) {
      const done = await finished(renter.token, (started.json().data as { id: string }).id);
      expect(done.state).toBe('done');
      expect(done.bytesDone).toBe(done.bytesTotal);
    }
    expect((await served(applicationId, 'inbox/notes.bin')).equals(notes)).toBe(true);
    expect((await served(applicationId, 'data/datasets/cats/w.bin')).equals(weights)).toBe(true);
    const listing = await (
      await fetchWorkspace(workspaces, applicationId, `/?path=${encodeURIComponent('data/datasets/cats')}`)
    ).text();
    expect(listing).toContain('w.bin');
  });

  it('refuses an entry the caller does not have, and a copy without a path, in the caller’s language', async () => {
    const owner = await createRenter(t);
    const other = await createRenter(t);
    expect((await uploadFile(t, owner.token, '/', 'mine.bin', randomBytes(10))).statusCode).toBe(200);
    const applicationId = await runningApplication(other.token);

    const foreign = await copy(other.token, { dataPath: '/', fileName: 'mine.bin', applicationId, path: '/x' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().data.field).toBe('fileName');
    const chinese = await copy(
      other.token,
      { dataPath: '/', fileName: 'mine.bin', applicationId, path: '/x' },
      'zh-CN',
    );
    expect(chinese.json().msg).not.toBe(foreign.json().msg);

    const noPath = await copy(owner.token, { dataPath: '/', fileName: 'mine.bin', applicationId: '1' }, 'zh-CN');
    expect(noPath.statusCode).toBe(400);
    expect(noPath.json().msg).toContain('请输入要复制到的目录');
    const notYours = await copy(owner.token, { dataPath: '/', fileName: 'mine.bin', applicationId, path: '/x' });
    expect(notYours.statusCode).toBe(404);
    expect(notYours.json().data.field).toBe('applicationId');
  });
});
