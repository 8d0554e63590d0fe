import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFleet } from '../../src/modules/inventory/fleet.js';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { createSignedInUser } from '../helpers/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const quote = (query: string, token?: string, locale?: 'zh-CN' | 'en-US') =>
  t.request({ method: 'GET', url: `/api/recharge/charge/getGpuPrice?${query}`, token, locale });

describe('a GPU price quote', () => {
  it('shows a guest the list price per hour for pay-as-you-go', async () => {
    const response = await quote('gpuModel=RTX%204090&billingMode=minute');
    expect(response.json().data).toEqual({
      gpuModel: 'RTX 4090',
      billingMode: 'minute',
      duration: 1,
      gpuCount: 1,
      unitPrice: '2.28',
      originalPrice: '2.28',
      durationDiscountBasisPoints: 10_000,
      vipGrade: 0,
      vipDiscountBasisPoints: 10_000,
      education: false,
      price: '2.28',
    });
  });

  it('prices prepaid periods as their hours at the duration discount, for every GPU and period', async () => {
    const day = (await quote('gpuModel=rtx 4090&billingMode=day')).json().data;
    expect(day).toMatchObject({ unitPrice: '54.72', originalPrice: '54.72', durationDiscountBasisPoints: 9_500 });
    expect(day.price).toBe('51.98');
    const months = (await quote('gpuModel=RTX 4090&billingMode=month&duration=2&gpuCount=2')).json().data;
    expect(months).toMatchObject({ unitPrice: '1641.60', originalPrice: '6566.40', price: '5581.44' });
  });

  it('takes the VIP discount and the education price of the customer who asks', async () => {
    const { userId, token } = await createSignedInUser(t);
    await t.db.execute(sql`UPDATE users SET vip_grade = 3 WHERE id = ${userId}`);
    const vip = (await quote('gpuModel=RTX 4090&billingMode=day', token)).json().data;
    expect(vip).toMatchObject({ vipGrade: 3, vipDiscountBasisPoints: 9_000, price: '46.79' });

    await t.db.execute(sql`INSERT INTO user_roles (user_id, role_key) VALUES (${userId}, 'education')`);
    const student = (await quote('gpuModel=RTX 3060&billingMode=minute', token)).json().data;
    expect(student).toMatchObject({ education: true, unitPrice: '0.62', price: '0.56' });
    const noEducationRate = (await quote('gpuModel=L20&billingMode=minute', token)).json().data;
    expect(noEducationRate).toMatchObject({ education: false, unitPrice: '3.38', price: '3.04' });
  });

  it('names the field at fault, in the caller’s language', async () => {
    const unknown = await quote('gpuModel=GTX 480&billingMode=minute', undefined, 'en-US');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ msg: 'There is no such GPU model', data: { field: 'gpuModel' } });
    const mode = await quote('gpuModel=RTX 4090&billingMode=hour');
    expect(mode.statusCode).toBe(400);
    expect(mode.json().data).toMatchObject({ field: 'billingMode' });
    for (const bad of ['duration=0', 'duration=1.5', 'gpuCount=9']) {
      const response = await quote(`gpuModel=RTX 4090&billingMode=day&${bad}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().data.field).toBe(bad.split('=')[0]);
    }
  });
});

describe('the GPU models on offer', () => {
  it('are listed for anyone with the list price of one GPU per period', async () => {
    const models = (await t.request({ method: 'GET', url: '/api/equipment/server/info/gpuModel' })).json().data;
    expect(models.map((model: { gpuModel: string }) => model.gpuModel)).toEqual([
      'RTX 4090',
      'RTX 3090',
      'RTX 3060',
      'L20',
      'A800',
    ]);
    expect(models[0]).toEqual({
      gpuModel: 'RTX 4090',
      memoryGb: 24,
      prices: { minute: '2.28', day: '51.98', week: '344.74', month: '1395.36', year: '14979.60' },
      educationHourlyPrice: '1.95',
    });
    expect(models[3].educationHourlyPrice).toBeNull();
  });
});

describe('the fleet file', () => {
  it('replaces the embedded fleet, and a malformed one stops the start with what is wrong', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'fleet-'));
    const file = join(dir, 'fleet.json');
    const fleet = {
      gpuModels: [{ model: 'H20', memoryGb: 96, hourlyPrice: '4.5' }],
      durationDiscounts: { day: 10_000, week: 10_000, month: 10_000, year: 10_000 },
      regions: [
        {
          id: 'cn-west-1',
          nameZh: '西部一区',
          nameEn: 'West 1',
          hosts: [{ name: 'w1', gpuModel: 'H20', gpuCount: 8 }],
        },
      ],
    };
    await writeFile(file, JSON.stringify(fleet));
    const custom = await buildTestApp({ FLEET_FILE: file });
    try {
      const response = await custom.request({
        method: 'GET',
        url: '/api/recharge/charge/getGpuPrice?gpuModel=H20&billingMode=week',
      });
      expect(response.json().data).toMatchObject({ unitPrice: '756.00', price: '756.00' });
      expect(
        (
          await custom.request({
            method: 'GET',
            url: '/api/recharge/charge/getGpuPrice?gpuModel=RTX 4090&billingMode=day',
          })
        ).statusCode,
      ).toBe(404);
    } finally {
      await custom.close();
    }

    await writeFile(file, JSON.stringify({ ...fleet, gpuModels: [{ model: 'H20', memoryGb: 96, hourlyPrice: '-1' }] }));
    expect(() => loadFleet(file)).toThrow(/hourlyPrice/);
  });
});
