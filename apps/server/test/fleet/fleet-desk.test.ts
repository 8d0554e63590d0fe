import { translate } from '@suanli/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { act, computeEnv, createApplication, createRenter, imageIdOf } from '../applications/application-helpers.js';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { createSignedInUser } from '../helpers/factories.js';
import { auditRowsOf, createOperator } from '../helpers/operators.js';
import { balanceOf, ledgerMismatches } from '../helpers/wallets.js';
import { fleetFile, fleetWith } from '../inventory/inventory-helpers.js';
import { fleetCall, hostNamed, listHosts, quote } from './fleet-helpers.js';

let t: TestApp;
let image: string;
let operator: Awaited<ReturnType<typeof createOperator>>;
beforeAll(async () => {
  t = await buildTestApp(computeEnv());
  image = await imageIdOf(t, 'PyTorch 2.3 + JupyterLab');
  operator = await createOperator(t, ['fleet']);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST', path: string, payload?: object, locale?: 'en-US' | 'zh-CN') =>
  fleetCall(t, operator.token, method, path, payload, locale);

/** A model priced per hour and a host of `gpuCount` of it in North China 1, as an operator adds them. */
async function pricedHost(model: string, hourlyPrice: string, gpuCount: number) {
  const priced = await call('POST', '/gpu-models', { gpuModel: model, memoryGb: 48, hourlyPrice, reason: 'new racks' });
  expect(priced.statusCode).toBe(200);
  const name = `n1-${model.toLowerCase()}-01`;
  const added = await call('POST', '/hosts', {
    regionId: 'cn-north-1',
    name,
    gpuModel: model,
    gpuCount,
    reason: 'racked',
  });
  expect(added.statusCode).toBe(200);
  return added.json().data as { id: string; version: number };
}

const rent = (token: string, gpuModel: string, billingMode = 'day') =>
  createApplication(t, token, { imageId: image, gpuModel, gpuCount: 1, billingMode, regionId: 'cn-north-1' });

async function freeCount(gpuModel: string) {
  const response = await t.request({
    method: 'GET',
    url: `/api/equipment/deviceServer/availableGpuConfig?imageId=${image}&regionId=cn-north-1`,
  });
  return (response.json().data as { gpuModel: string; freeCount: number }[]).find((row) => row.gpuModel === gpuModel)
    ?.freeCount;
}

const hostState = (id: string, state: string, version: number) =>
  call('POST', `/hosts/${id}/state`, { state, version, reason: 'maintenance' });

describe('the fleet desk lists', () => {
  it('pages hosts with their GPUs, filtered by region, model and state', async () => {
    const east = await listHosts(t, operator.token, '?regionId=cn-east-1&pageSize=2');
    expect(east.total).toBe(4);
    expect(east.rows.map((host) => host.name)).toEqual(['e1-3090-01', 'e1-4090-01']);
    expect(east.rows[1]).toMatchObject({
      regionName: 'East China 1',
      state: 'active',
      managedBy: 'configuration',
      counts: { total: 8, free: 8, busy: 0, broken: 0 },
    });
    expect(east.rows[1]!.gpus.map((gpu) => gpu.gpuIndex)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    const page2 = await listHosts(t, operator.token, '?regionId=cn-east-1&pageSize=2&pageNum=2');
    expect(page2.rows.map((host) => host.name)).toEqual(['e1-4090-02', 'e1-a800-01']);
    const rtx3090 = await listHosts(t, operator.token, '?gpuModel=rtx%203090');
    expect(rtx3090.rows.map((host) => host.name)).toEqual(['e1-3090-01', 'n1-3090-01']);
    expect((await listHosts(t, operator.token, '?state=broken')).total).toBe(0);

    const refused = await call('GET', '/hosts?state=gone', undefined, 'zh-CN');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().data.field).toBe('state');
  });

  it('shows every model’s prices per billing mode and the duration discounts', async () => {
    const { models, durationDiscounts } = (await call('GET', '/gpu-models')).json().data;
    expect(models[0]).toEqual({
      gpuModel: 'RTX 4090',
      memoryGb: 24,
      hourlyPrice: '2.28',
      educationHourlyPrice: '1.95',
      prices: { minute: '2.28', day: '51.98', week: '344.74', month: '1395.36', year: '14979.60' },
      managedBy: 'configuration',
      version: 1,
    });
    expect(durationDiscounts.map((row: { billingMode: string }) => row.billingMode)).toEqual([
      'day',
      'week',
      'month',
      'year',
    ]);
  });
});

describe('an operator adds a host with GPUs and a price', () => {
  it('and a user with balance rents it, charged that price', async () => {
    const model = await call('POST', '/gpu-models', {
      gpuModel: 'H20',
      memoryGb: 96,
      hourlyPrice: '5.00',
      reason: 'H20 racks arrive',
    });
    expect(model.json().data).toMatchObject({ gpuModel: 'H20', prices: { minute: '5.00', day: '114.00' } });
    const added = await call('POST', '/hosts', {
      regionId: 'cn-north-1',
      name: 'n1-h20-01',
      gpuModel: 'h20',
      gpuCount: 2,
      reason: 'H20 racks arrive',
    });
    expect(added.statusCode).toBe(200);
    expect(added.json().data).toMatchObject({
      name: 'n1-h20-01',
      regionName: 'North China 1',
      managedBy: 'operator',
      counts: { total: 2, free: 2, busy: 0, broken: 0 },
    });
    expect((await quote(t, 'gpuModel=H20&billingMode=day')).json().data.price).toBe('114.00');

    const renter = await createRenter(t, '200');
    const created = await rent(renter.token, 'H20');
    expect(created.statusCode).toBe(200);
    expect(await balanceOf(t, renter.token)).toBe('86.00');
    expect(await ledgerMismatches(t)).toEqual([]);
    const host = await hostNamed(t, operator.token, 'n1-h20-01');
    expect(host.counts).toEqual({ total: 2, free: 1, busy: 1, broken: 0 });
    expect(host.gpus[0]!.applicationId).toBe(created.json().data.id);

    const audit = await auditRowsOf(t, operator.userId);
    expect(audit.slice(-2)).toMatchObject([
      { area: 'fleet', action: 'inventory.addGpuModel', target: 'gpu-model:H20', reason: 'H20 racks arrive' },
      {
        action: 'inventory.addHost',
        target: `host:${host.id}`,
        before: null,
        after: { name: 'n1-h20-01', regionId: 'cn-north-1', gpuModel: 'H20', gpuCount: 2 },
      },
    ]);
  });

  it('is refused with the field at fault: no such region or model, a name taken, a bad count', async () => {
    const host = { regionId: 'cn-north-1', name: 'n1-x-01', gpuModel: 'RTX 3090', gpuCount: 2, reason: 'racked' };
    const noRegion = await call('POST', '/hosts', { ...host, regionId: 'cn-west-9' });
    expect(noRegion.statusCode).toBe(404);
    expect(noRegion.json()).toMatchObject({
      msg: translate('en-US', 'fleet.unknownRegion', { id: 'cn-west-9' }),
      data: { field: 'regionId' },
    });
    const noModel = await call('POST', '/hosts', { ...host, gpuModel: 'B300' }, 'zh-CN');
    expect(noModel.json()).toMatchObject({
      code: 404,
      msg: translate('zh-CN', 'fleet.unknownGpuModel', { gpuModel: 'B300' }),
      data: { field: 'gpuModel' },
    });
    const taken = await call('POST', '/hosts', { ...host, name: 'e1-4090-01' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().data.field).toBe('name');
    const tooMany = await call('POST', '/hosts', { ...host, gpuCount: 17 });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().data.field).toBe('gpuCount');
    const twice = await call('POST', '/gpu-models', {
      gpuModel: 'rtx 4090',
      memoryGb: 24,
      hourlyPrice: '1',
      reason: 'x',
    });
    expect(twice.statusCode).toBe(409);
    const badPrice = await call('POST', '/gpu-models', { gpuModel: 'X1', memoryGb: 24, hourlyPrice: '0', reason: 'x' });
    expect(badPrice.json().data.field).toBe('hourlyPrice');
  });
});

describe('draining a host', () => {
  it('places nothing new on it while its running application keeps its GPU; returned, it is offered again', async () => {
    const { id, version } = await pricedHost('L40S', '4.00', 2);
    const first = await createRenter(t, '500');
    expect((await rent(first.token, 'L40S')).statusCode).toBe(200);

    const drained = await hostState(id, 'draining', version);
    expect(drained.json().data).toMatchObject({ state: 'draining', counts: { total: 2, free: 0, busy: 1 } });
    expect(await freeCount('L40S')).toBe(0);
    const second = await createRenter(t, '500');
    const refused = await rent(second.token, 'L40S');
    expect(refused.statusCode).toBe(409);
    expect(await balanceOf(t, second.token)).toBe('500.00');
    expect((await hostNamed(t, operator.token, 'n1-l40s-01')).gpus[0]!.applicationId).not.toBeNull();

    const returned = await hostState(id, 'active', drained.json().data.version);
    expect(returned.json().data).toMatchObject({ state: 'active', counts: { free: 1 } });
    expect((await rent(second.token, 'L40S')).statusCode).toBe(200);
    expect(await balanceOf(t, second.token)).toBe('408.80');

    const audit = (await auditRowsOf(t, operator.userId)).filter((row) => row.target === `host:${id}`);
    expect(audit.map((row) => [row.action, row.before, row.after, row.reason])).toEqual([
      ['inventory.addHost', null, expect.anything(), 'racked'],
      [
        'inventory.setHostState',
        { state: 'active', version: 1, managedBy: 'operator' },
        { state: 'draining', version: 2, managedBy: 'operator', applications: [expect.any(String)] },
        'maintenance',
      ],
      [
        'inventory.setHostState',
        { state: 'draining', version: 2, managedBy: 'operator' },
        { state: 'active', version: 3, managedBy: 'operator', applications: [expect.any(String)] },
        'maintenance',
      ],
    ]);
  });

  it('is refused 409 when the host changed since the version read, or is already in that state', async () => {
    const host = await hostNamed(t, operator.token, 'n1-3060-01');
    const stale = await hostState(host.id, 'draining', host.version + 1);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      msg: translate('en-US', 'fleet.hostChanged', { id: host.id }),
      data: { field: 'version' },
    });
    const same = await hostState(host.id, 'active', host.version);
    expect(same.statusCode).toBe(409);
    expect((await hostNamed(t, operator.token, 'n1-3060-01')).version).toBe(host.version);
  });
});

describe('a broken GPU or host', () => {
  it('is never placed on; an application on it keeps it; returned, it is offered again', async () => {
    const { id } = await pricedHost('A10', '1.00', 2);
    const renter = await createRenter(t, '100');
    expect((await rent(renter.token, 'A10')).statusCode).toBe(200);
    const [held, spare] = (await hostNamed(t, operator.token, 'n1-a10-01')).gpus;
    expect(held!.applicationId).not.toBeNull();

    const broke = (gpu: { id: string }, broken: boolean, version: number) =>
      call('POST', `/gpus/${gpu.id}/broken`, { broken, version, reason: 'ECC errors' });
    expect((await broke(spare!, true, spare!.version)).json().data).toMatchObject({ broken: true, version: 2 });
    expect(await freeCount('A10')).toBe(0);
    const other = await createRenter(t, '100');
    expect((await rent(other.token, 'A10')).statusCode).toBe(409);
    expect(await balanceOf(t, other.token)).toBe('100.00');

    const heldBroken = await broke(held!, true, held!.version);
    expect(heldBroken.json().data).toMatchObject({ broken: true, applicationId: held!.applicationId });
    expect((await hostNamed(t, operator.token, 'n1-a10-01')).counts).toEqual({ total: 2, free: 0, busy: 1, broken: 2 });
    expect((await broke(spare!, false, spare!.version)).statusCode).toBe(409);

    expect((await broke(spare!, false, 2)).statusCode).toBe(200);
    expect(await freeCount('A10')).toBe(1);
    const host = await hostNamed(t, operator.token, 'n1-a10-01');
    const brokenHost = await hostState(id, 'broken', host.version);
    expect(brokenHost.json().data).toMatchObject({ state: 'broken', counts: { free: 0, broken: 2 } });
    expect(await freeCount('A10')).toBe(0);

    const audit = (await auditRowsOf(t, operator.userId)).filter((row) => row.target === `gpu:${held!.id}`);
    expect(audit).toMatchObject([
      {
        action: 'inventory.setGpuBroken',
        before: { broken: false, version: 1, applicationId: held!.applicationId },
        after: { broken: true, version: 2, applicationId: held!.applicationId },
        reason: 'ECC errors',
      },
    ]);
  });
});

describe('a prepaid application on a host operators took out of service', () => {
  it('is refunded its unused term without the refund fee when destroyed', async () => {
    const { id, version } = await pricedHost('T4', '1.00', 2);
    const renter = await createRenter(t, '100');
    const created = await rent(renter.token, 'T4');
    const applicationId = created.json().data.id as string;
    expect(await balanceOf(t, renter.token)).toBe('77.20');
    const destroyQuote = async () =>
      (
        await t.request({
          method: 'GET',
          url: `/api/equipment/deviceServer/destructionQuote/${applicationId}`,
          token: renter.token,
        })
      ).json().data;
    expect((await destroyQuote()).fee).not.toBe('0.00');

    expect((await hostState(id, 'broken', version)).statusCode).toBe(200);
    const quoted = await destroyQuote();
    expect(quoted).toMatchObject({ fee: '0.00', refund: quoted.amount });
    expect(Number(quoted.amount)).toBeGreaterThan(22);
    expect((await act(t, renter.token, 'destruction', applicationId)).statusCode).toBe(200);
    // The clock runs on between the quote and the destroy: the refund is the quote's or a fen of time less.
    expect(Number(await balanceOf(t, renter.token))).toBeGreaterThanOrEqual(77.2 + Number(quoted.amount) - 0.01);
    expect(await ledgerMismatches(t)).toEqual([]);
  });
});

describe('a price change', () => {
  it('is what the next quote shows and the next rental pays, audited with before, after and reason', async () => {
    const { models } = (await call('GET', '/gpu-models')).json().data;
    const rtx3090 = models.find((row: { gpuModel: string }) => row.gpuModel === 'RTX 3090');
    const changed = await call('POST', '/gpu-models/RTX%203090/price', {
      hourlyPrice: '2.00',
      educationHourlyPrice: null,
      version: rtx3090.version,
      reason: 'market price',
    });
    expect(changed.json().data).toMatchObject({
      hourlyPrice: '2.00',
      educationHourlyPrice: null,
      prices: { minute: '2.00', day: '45.60' },
      managedBy: 'operator',
      version: rtx3090.version + 1,
    });
    expect((await quote(t, 'gpuModel=RTX%203090&billingMode=minute')).json().data.price).toBe('2.00');

    const day = (await call('GET', '/gpu-models')).json().data.durationDiscounts[0];
    const discounted = await call('POST', '/duration-discounts/day', {
      basisPoints: 9_000,
      version: day.version,
      reason: 'autumn offer',
    });
    expect(discounted.json().data).toMatchObject({ billingMode: 'day', basisPoints: 9_000, managedBy: 'operator' });
    expect((await quote(t, 'gpuModel=RTX%203090&billingMode=day')).json().data).toMatchObject({
      durationDiscountBasisPoints: 9_000,
      price: '43.20',
    });
    const renter = await createRenter(t, '100');
    expect((await rent(renter.token, 'RTX 3090')).statusCode).toBe(200);
    expect(await balanceOf(t, renter.token)).toBe('56.80');

    const stale = await call('POST', '/gpu-models/RTX%203090/price', {
      hourlyPrice: '9.00',
      educationHourlyPrice: null,
      version: rtx3090.version,
      reason: 'late',
    });
    expect(stale.statusCode).toBe(409);
    expect((await quote(t, 'gpuModel=RTX%203090&billingMode=minute')).json().data.price).toBe('2.00');

    const audit = await auditRowsOf(t, operator.userId);
    expect(audit.filter((row) => row.target === 'gpu-model:RTX 3090')).toMatchObject([
      {
        action: 'inventory.setGpuPrice',
        before: { hourlyPrice: '1.78', educationHourlyPrice: '1.51', version: rtx3090.version },
        after: { hourlyPrice: '2.00', educationHourlyPrice: null, version: rtx3090.version + 1 },
        reason: 'market price',
      },
    ]);
    expect(audit.filter((row) => row.target === 'duration-discount:day')).toMatchObject([
      { before: { basisPoints: 9_500 }, after: { basisPoints: 9_000 }, reason: 'autumn offer' },
    ]);
  });
});

describe('education prices and VIP discounts', () => {
  it('are changed by operators and quoted to their holders at once', async () => {
    const { models, vipDiscounts } = (await call('GET', '/gpu-models')).json().data;
    expect(vipDiscounts).toEqual([
      { grade: 0, growthThreshold: 0, basisPoints: 10_000 },
      { grade: 1, growthThreshold: 300, basisPoints: 9_800 },
      { grade: 2, growthThreshold: 3_000, basisPoints: 9_500 },
      { grade: 3, growthThreshold: 10_000, basisPoints: 9_000 },
    ]);
    const student = await createSignedInUser(t);
    await t.db.execute(sql`INSERT INTO user_roles (user_id, role_key) VALUES (${student.userId}, 'education')`);
    const rtx4090 = models.find((row: { gpuModel: string }) => row.gpuModel === 'RTX 4090');
    const educated = await call('POST', '/gpu-models/rtx%204090/price', {
      hourlyPrice: '2.28',
      educationHourlyPrice: '1.50',
      version: rtx4090.version,
      reason: 'term discount for schools',
    });
    expect(educated.json().data).toMatchObject({ educationHourlyPrice: '1.50', version: rtx4090.version + 1 });
    expect((await quote(t, 'gpuModel=RTX%204090&billingMode=minute', student.token)).json().data).toMatchObject({
      education: true,
      price: '1.50',
    });

    const vip = await createSignedInUser(t);
    await t.db.execute(sql`UPDATE users SET vip_grade = 3 WHERE id = ${vip.userId}`);
    const lowered = await call('POST', '/vip-discounts/3', {
      basisPoints: 8_000,
      previousBasisPoints: 9_000,
      reason: 'loyalty programme',
    });
    expect(lowered.json().data).toEqual({ grade: 3, growthThreshold: 10_000, basisPoints: 8_000 });
    expect((await quote(t, 'gpuModel=RTX%204090&billingMode=minute', vip.token)).json().data).toMatchObject({
      vipDiscountBasisPoints: 8_000,
      price: '1.82',
    });
    const stale = await call('POST', '/vip-discounts/3', {
      basisPoints: 7_000,
      previousBasisPoints: 9_000,
      reason: 'x',
    });
    expect(stale.json()).toMatchObject({
      code: 409,
      msg: translate('en-US', 'fleet.vipDiscountChanged', { grade: 3 }),
      data: { field: 'previousBasisPoints' },
    });
    expect(
      (await call('POST', '/vip-discounts/9', { basisPoints: 1, previousBasisPoints: 1, reason: 'x' })).statusCode,
    ).toBe(404);
    expect((await auditRowsOf(t, operator.userId)).filter((row) => row.target === 'vip-grade:3')).toMatchObject([
      { action: 'inventory.setVipDiscount', before: { basisPoints: 9_000 }, after: { basisPoints: 8_000 } },
    ]);
  });
});

describe('the start-up sync of the fleet configuration', () => {
  it('undoes no operator change: hosts added or drained, prices and discounts changed', async () => {
    const e4090 = await hostNamed(t, operator.token, 'e1-4090-02');
    expect((await hostState(e4090.id, 'draining', e4090.version)).statusCode).toBe(200);
    const again = await buildTestApp(computeEnv(), { testDatabase: t.testDatabase });
    await again.close();

    expect(await hostNamed(t, operator.token, 'e1-4090-02')).toMatchObject({
      state: 'draining',
      managedBy: 'operator',
    });
    expect((await hostNamed(t, operator.token, 'n1-h20-01')).counts.total).toBe(2);
    const { models, durationDiscounts } = (await call('GET', '/gpu-models')).json().data;
    expect(models.find((row: { gpuModel: string }) => row.gpuModel === 'RTX 3090')).toMatchObject({
      hourlyPrice: '2.00',
      managedBy: 'operator',
    });
    expect(models.find((row: { gpuModel: string }) => row.gpuModel === 'H20')).toMatchObject({ hourlyPrice: '5.00' });
    expect(durationDiscounts[0]).toMatchObject({ billingMode: 'day', basisPoints: 9_000 });
    expect(durationDiscounts[1]).toMatchObject({ billingMode: 'week', basisPoints: 9_000, managedBy: 'configuration' });
  });

  it('removes what the configuration dropped and no operator touched, and keeps the rest', async () => {
    const smaller = await fleetFile(
      fleetWith([{ id: 'cn-east-1', hosts: [{ name: 'e1-4090-01', gpuModel: 'RTX 4090', gpuCount: 8 }] }]),
    );
    const again = await buildTestApp({ ...computeEnv(), ...smaller }, { testDatabase: t.testDatabase });
    await again.close();

    const { rows } = await listHosts(t, operator.token, '?pageSize=100');
    expect(rows.filter((host) => host.managedBy === 'configuration').map((host) => host.name)).toEqual([
      'e1-4090-01',
      // Configured no more, but an application still holds one of its GPUs.
      'n1-3090-01',
    ]);
    expect(await hostNamed(t, operator.token, 'e1-4090-02')).toMatchObject({
      state: 'draining',
      counts: { total: 8 },
    });
    expect((await hostNamed(t, operator.token, 'n1-h20-01')).counts.total).toBe(2);
    const { models } = (await call('GET', '/gpu-models')).json().data;
    expect(models.map((row: { gpuModel: string }) => row.gpuModel)).toEqual(
      expect.arrayContaining(['RTX 4090', 'RTX 3090', 'H20', 'L40S', 'A10']),
    );
    expect(models.map((row: { gpuModel: string }) => row.gpuModel)).not.toContain('L20');
  });
});
