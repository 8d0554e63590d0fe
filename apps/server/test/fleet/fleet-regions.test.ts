import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeEnv, createApplication, createRenter, imageIdOf } from '../applications/application-helpers.js';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { auditRowsOf, createOperator } from '../helpers/operators.js';
import { fleetCall, listHosts } from './fleet-helpers.js';

// Operators add and rename regions through the real app: the new region takes hosts and is offered to renters, a
// rename reaches every list of region names, a restart's sync leaves both be, and a stale version answers 409.
let t: TestApp;
let operator: Awaited<ReturnType<typeof createOperator>>;
beforeAll(async () => {
  t = await buildTestApp(computeEnv());
  operator = await createOperator(t, ['fleet']);
});
afterAll(() => t.close());

type Locale = 'en-US' | 'zh-CN';
const call = (method: 'GET' | 'POST', path: string, payload?: object, locale?: Locale) =>
  fleetCall(t, operator.token, method, path, payload, locale);
const rename = (id: string, payload: object, locale: Locale = 'en-US') =>
  t.request({ method: 'PUT', url: `/api/admin/fleet/regions/${id}`, token: operator.token, payload, locale });

interface RegionView {
  id: string;
  nameZh: string;
  nameEn: string;
  managedBy: string;
  version: number;
  hosts: number;
}
const regions = async () => (await call('GET', '/regions')).json().data as RegionView[];
const regionOf = async (id: string) => (await regions()).find((region) => region.id === id);

describe('regions on the fleet desk', () => {
  it('are added after the configured ones, take hosts, and are audited; a taken id answers 409', async () => {
    const added = await call('POST', '/regions', {
      id: 'cn-west-1',
      nameZh: '西部一区',
      nameEn: 'West China 1',
      reason: 'new data centre',
    });
    expect(added.statusCode).toBe(200);
    expect(added.json().data).toEqual({
      id: 'cn-west-1',
      nameZh: '西部一区',
      nameEn: 'West China 1',
      managedBy: 'operator',
      version: 1,
    });
    expect((await regions()).at(-1)).toMatchObject({ id: 'cn-west-1', hosts: 0 });

    const host = await call('POST', '/hosts', {
      regionId: 'cn-west-1',
      name: 'w1-4090-01',
      gpuModel: 'RTX 4090',
      gpuCount: 2,
      reason: 'racked',
    });
    expect(host.statusCode).toBe(200);
    expect((await listHosts(t, operator.token, '?regionId=cn-west-1')).rows).toEqual([
      expect.objectContaining({ name: 'w1-4090-01', regionName: 'West China 1' }),
    ]);
    const image = await imageIdOf(t, 'PyTorch 2.3 + JupyterLab');
    const offered = await t.request({
      method: 'GET',
      url: `/api/equipment/deviceServer/availableGpuConfig?imageId=${image}&regionId=cn-west-1`,
    });
    expect(offered.json().data).toContainEqual(expect.objectContaining({ gpuModel: 'RTX 4090', freeCount: 2 }));

    const taken = await call('POST', '/regions', { id: 'cn-west-1', nameZh: '重复', nameEn: 'Again', reason: 'x' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().msg).toBe('A region with the ID cn-west-1 already exists');
    expect((await auditRowsOf(t, operator.userId)).filter((row) => row.target === 'region:cn-west-1')).toEqual([
      expect.objectContaining({
        area: 'fleet',
        action: 'inventory.addRegion',
        before: null,
        reason: 'new data centre',
      }),
    ]);
  });

  it('are renamed at the version read, the new names reach renters, and a stale version answers 409', async () => {
    const renter = await createRenter(t);
    const image = await imageIdOf(t, 'PyTorch 2.3 + JupyterLab');
    const rented = await createApplication(t, renter.token, {
      imageId: image,
      gpuModel: 'RTX 4090',
      gpuCount: 1,
      billingMode: 'minute',
      regionId: 'cn-east-1',
    });
    expect(rented.statusCode).toBe(200);
    const regionNameSeen = async () =>
      (
        await t.request({
          method: 'GET',
          url: '/api/equipment/deviceServer/application',
          token: renter.token,
          locale: 'en-US',
        })
      ).json().data.rows[0]?.regionName;
    expect(await regionNameSeen()).toBe('East China 1');

    const east = (await regionOf('cn-east-1'))!;
    const renamed = await rename('cn-east-1', {
      nameZh: '华东一区（上海）',
      nameEn: 'East China 1 (Shanghai)',
      version: east.version,
      reason: 'city in the name',
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data).toMatchObject({ managedBy: 'operator', version: east.version + 1 });
    await expect.poll(regionNameSeen).toBe('East China 1 (Shanghai)');

    const stale = await rename('cn-east-1', { nameZh: '旧', nameEn: 'Old', version: east.version, reason: 'late' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().msg).toBe(
      'Region cn-east-1 was changed by someone else since you read it; reload it and try again',
    );
    expect((await rename('cn-none-1', { nameZh: '无', nameEn: 'None', version: 1, reason: 'x' })).statusCode).toBe(404);
    const audit = (await auditRowsOf(t, operator.userId)).find((row) => row.target === 'region:cn-east-1');
    expect(audit).toMatchObject({
      action: 'inventory.renameRegion',
      before: { nameEn: 'East China 1', managedBy: 'configuration' },
      after: { nameEn: 'East China 1 (Shanghai)', managedBy: 'operator' },
    });
  });

  it('stay as operators left them when the server starts again and syncs the configuration', async () => {
    const again = await buildTestApp({}, { testDatabase: t.testDatabase });
    await again.close();
    expect(await regionOf('cn-east-1')).toMatchObject({ nameEn: 'East China 1 (Shanghai)' });
    expect(await regionOf('cn-west-1')).toMatchObject({ nameEn: 'West China 1', managedBy: 'operator' });
  });

  it('name each field at fault in both languages', async () => {
    const cases = [
      { body: { id: 'West 1', nameZh: '西', nameEn: 'W' }, field: 'id', en: 'region ID', zh: '区域 ID' },
      { body: { id: 'cn-west-2', nameZh: ' ', nameEn: 'W' }, field: 'nameZh', en: 'Chinese region', zh: '区域中文名' },
      { body: { id: 'cn-west-2', nameZh: '西', nameEn: 'x'.repeat(33) }, field: 'nameEn', en: 'English', zh: '英文名' },
      { body: { id: 'cn-west-2', nameZh: '西', nameEn: 'W', reason: '' }, field: 'reason', en: 'reason', zh: '原因' },
    ];
    for (const { body, field, en, zh } of cases) {
      const english = await call('POST', '/regions', { reason: 'r', ...body });
      expect(english.statusCode, field).toBe(400);
      expect(english.json().data.field).toBe(field);
      expect(english.json().msg).toContain(en);
      expect((await call('POST', '/regions', { reason: 'r', ...body }, 'zh-CN')).json().msg).toContain(zh);
    }
    const noVersion = await rename('cn-east-1', { nameZh: '东', nameEn: 'East', reason: 'r' });
    expect(noVersion.json().data.field).toBe('version');
  });
});
