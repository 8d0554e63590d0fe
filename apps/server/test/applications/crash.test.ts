import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAlive } from '../../src/providers/compute/workload-record.js';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.js';
import { eventually } from '../helpers/workspaces.js';
import { fleetFile, fleetWith } from '../inventory/inventory-helpers.js';
import { act, advance, computeEnv, createApplication, createRenter, imageIdOf } from './application-helpers.js';

// Two servers in turn over one database and one DATA_DIR, as a restart of the platform gives them.
let testDatabase: TestDatabase;
let env: Record<string, string>;
const servers: TestApp[] = [];
beforeAll(async () => {
  testDatabase = await createTestDatabase();
  const fleet = fleetWith([{ id: 'cn-east-1', hosts: [{ name: 'pair', gpuModel: 'RTX 4090', gpuCount: 2 }] }]);
  env = { ...computeEnv(), ...(await fleetFile(fleet)) };
});
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
  await testDatabase.drop();
});

async function startServer(over = { env, testDatabase }) {
  const t = await buildTestApp(over.env, { testDatabase: over.testDatabase });
  servers.push(t);
  t.services.applications.reconcileOnChange();
  return t;
}

const workloadFile = (id: string) => path.join(env.DATA_DIR!, 'apps', id, 'workload.json');
const workspacePid = (id: string) => (JSON.parse(readFileSync(workloadFile(id), 'utf8')) as { pid: number }).pid;

async function applicationOf(t: TestApp, token: string, id: string, locale: 'en-US' | 'zh-CN' = 'en-US') {
  const response = await t.request({ method: 'GET', url: '/api/equipment/deviceServer/application', token, locale });
  return (response.json().data.rows as { id: string; status: string; statusReason: string | null }[]).find(
    (row) => row.id === id,
  )!;
}

async function freeRtx4090(t: TestApp, image: string) {
  const response = await t.request({
    method: 'GET',
    url: `/api/equipment/deviceServer/availableGpuConfig?imageId=${image}`,
  });
  return (response.json().data as { gpuModel: string; freeCount: number }[]).find((row) => row.gpuModel === 'RTX 4090')!
    .freeCount;
}

describe('a workspace that died while the server was down', () => {
  it('makes its application abnormal with the reason and frees its GPU until its owner restarts it; one stopped by the server runs again', async () => {
    const first = await startServer();
    const image = await imageIdOf(first, 'PyTorch 2.3 + JupyterLab');
    const renter = await createRenter(first);
    const rent = { imageId: image, gpuModel: 'RTX 4090', gpuCount: 1, billingMode: 'minute' };
    const crashed = (await createApplication(first, renter.token, rent)).json().data.id as string;
    const survivor = (await createApplication(first, renter.token, rent)).json().data.id as string;
    await first.services.applications.settled();
    expect((await applicationOf(first, renter.token, crashed)).status).toBe('running');
    expect(await freeRtx4090(first, image)).toBe(0);

    // The first server never sees it go: its workspace is killed, then the server closes, stopping the other one.
    const pid = workspacePid(crashed);
    process.kill(pid, 'SIGKILL');
    await eventually(
      async () => isAlive(pid),
      (alive) => !alive,
    );
    await first.close();
    servers.splice(servers.indexOf(first), 1);

    const second = await startServer();
    await advance(second, 1);
    const abnormal = await applicationOf(second, renter.token, crashed);
    expect(abnormal).toMatchObject({
      status: 'abnormal',
      statusReason:
        "The application's process ended unexpectedly; it was not stopped by the platform. Its data disk is kept.",
    });
    expect((await applicationOf(second, renter.token, crashed, 'zh-CN')).statusReason).toBe(
      '应用的进程意外结束（并非由平台停止），数据盘已保留。',
    );
    const checked = await second.request({
      method: 'POST',
      url: '/api/equipment/deviceServer/checkApplicationStatus',
      token: renter.token,
      locale: 'en-US',
      headers: { 'content-type': 'text/plain' },
      payload: crashed,
    });
    expect(checked.json().data).toEqual({ id: crashed, status: 'abnormal', statusReason: abnormal.statusReason });
    // Its failed workload was ended at the driver before its GPU was freed, and it is not started again behind its
    // owner's back.
    expect(existsSync(workloadFile(crashed))).toBe(false);
    await advance(second, 2);
    expect((await applicationOf(second, renter.token, crashed)).status).toBe('abnormal');
    expect(existsSync(workloadFile(crashed))).toBe(false);

    expect((await applicationOf(second, renter.token, survivor)).status).toBe('running');
    expect(isAlive(workspacePid(survivor))).toBe(true);
    expect(await freeRtx4090(second, image)).toBe(1);

    // Its owner starts it again, on the data disk it kept.
    expect((await act(second, renter.token, 'restart', crashed)).statusCode).toBe(200);
    await second.services.applications.settled();
    expect((await applicationOf(second, renter.token, crashed)).status).toBe('running');
    expect(isAlive(workspacePid(crashed))).toBe(true);
    expect(await freeRtx4090(second, image)).toBe(0);
  });
});

describe('an application running while the server was down', () => {
  it('is not billed for the minutes its workspace did not run', async () => {
    const own = { env: { ...env, ...computeEnv() }, testDatabase: await createTestDatabase() };
    const first = await startServer(own);
    const image = await imageIdOf(first, 'PyTorch 2.3 + JupyterLab');
    const renter = await createRenter(first);
    const rent = { imageId: image, gpuModel: 'RTX 4090', gpuCount: 1, billingMode: 'minute' };
    const id = (await createApplication(first, renter.token, rent)).json().data.id as string;
    await first.services.applications.settled();
    await advance(first, 2);
    expect((await billedOf(first, renter.token, id)).billedMinutes).toBe(2);

    // A deploy: the server closes, ending its workspaces, and the next one starts a quarter of an hour later.
    await first.close();
    servers.splice(servers.indexOf(first), 1);
    const second = await startServer(own);
    await advance(second, 17);
    expect((await applicationOf(second, renter.token, id)).status).toBe('running');
    await advance(second, 3);
    // Two minutes before the deploy and three after it; none for the fifteen in which nothing ran.
    const billed = await billedOf(second, renter.token, id);
    expect(billed.billedMinutes).toBe(5);
    expect(billed.cost).toBe('0.19');
    await second.close();
    servers.splice(servers.indexOf(second), 1);
    await own.testDatabase.drop();
  });
});

async function billedOf(t: TestApp, token: string, id: string) {
  const response = await t.request({ method: 'GET', url: `/api/equipment/deviceServer/application`, token });
  return (response.json().data.rows as { id: string; billedMinutes: number; cost: string }[]).find(
    (row) => row.id === id,
  )!;
}
