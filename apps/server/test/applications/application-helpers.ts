import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inTransaction } from '../../src/db/transaction.js';
import type { AdjustableClock } from '../../src/jobs/clock.js';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { createSignedInUser } from '../helpers/factories.js';
import { fund } from '../helpers/wallets.js';

/** The environment of a test app whose workspaces (real processes of the local driver) live in a temporary folder. */
export const computeEnv = () => ({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'suanli-apps-')) });

/** A signed-in user who passed real-name verification and holds `yuan` of balance. */
export async function createRenter(t: TestApp, yuan = '100') {
  const user = await createSignedInUser(t);
  await inTransaction(t.db, (tx) => t.services.users.setRealNameVerified(tx, user.userId, t.clock.now()));
  if (Number(yuan) > 0) {
    await fund(t, user.userId, yuan);
  }
  return user;
}

/** The id of a seeded official image (migration 0019) by name. */
export async function imageIdOf(t: TestApp, name: string): Promise<string> {
  const response = await t.request({ method: 'GET', url: '/api/system/applicationImage/listByUser?kind=official' });
  const image = (response.json().data as { id: string; name: string }[]).find((row) => row.name === name);
  if (!image) {
    throw new Error(`no official image named ${name}`);
  }
  return image.id;
}

export const createApplication = (t: TestApp, token: string, payload: object) =>
  t.request({ method: 'POST', url: '/api/equipment/deviceServer/createApplication', token, payload, locale: 'en-US' });

/** Rents a per-minute RTX 4090 application of `imageId` and waits until the reconciler has it running: its id. */
export async function runningApplication(t: TestApp, token: string, imageId: string) {
  const created = await createApplication(t, token, {
    imageId,
    gpuModel: 'RTX 4090',
    gpuCount: 1,
    billingMode: 'minute',
  });
  await t.services.applications.settled();
  return (created.json().data as { id: string }).id;
}

export const act = (t: TestApp, token: string, action: 'stop' | 'restart' | 'destruction', id: string) =>
  t.request({ method: 'POST', url: `/api/equipment/deviceServer/${action}Application/${id}`, token });

export async function listApplications(t: TestApp, token: string, query = '') {
  const response = await t.request({ method: 'GET', url: `/api/equipment/deviceServer/application${query}`, token });
  return response.json().data as { rows: Record<string, unknown>[]; total: number };
}

export async function statusOf(t: TestApp, token: string, id: string) {
  const { rows } = await listApplications(t, token, '?pageSize=100');
  return rows.find((row) => row.id === id)?.status;
}

/**
 * A test app whose workspaces are real processes in a temporary folder, reconciled as soon as they change, and the id
 * of the image most tests rent: `beforeAll(async () => ({ t, image } = await startComputeApp()))`.
 */
export async function startComputeApp(env: Record<string, string> = {}) {
  const t = await buildTestApp({ ...computeEnv(), ...env });
  t.services.applications.reconcileOnChange();
  return { t, image: await imageIdOf(t, 'PyTorch 2.3 + JupyterLab') };
}

/** Moves the clock on and runs what the scheduler would have run meanwhile, as `/api/dev/clock` does. */
export async function advance(t: TestApp, minutes: number) {
  (t.clock as AdjustableClock).advance(minutes);
  await t.app.scheduler.tick();
  await t.services.applications.settled();
}

/** The caller's notices as they read them in English, newest first. */
export async function noticesOf(t: TestApp, token: string): Promise<{ title: string; content: string }[]> {
  const response = await t.request({
    method: 'GET',
    url: '/api/system/inform/getAllInform?pageSize=50',
    token,
    locale: 'en-US',
  });
  return response.json().data.rows;
}
