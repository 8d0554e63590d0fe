import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdjustableClock } from '../../src/jobs/clock.js';
import type { TestApp } from '../helpers/build-test-app.js';
import { balanceOf } from '../helpers/wallets.js';
import {
  act,
  advance,
  createApplication,
  createRenter,
  listApplications,
  startComputeApp,
  statusOf,
} from './application-helpers.js';

// Time-driven stops through the scheduler and the test clock, with real workspaces.
let t: TestApp;
let image: string;
beforeAll(async () => ({ t, image } = await startComputeApp()));
afterAll(() => t.close());

const clock = () => t.clock as AdjustableClock;

async function running(token: string, payload: object = {}) {
  const rent = { imageId: image, gpuModel: 'RTX 3060', gpuCount: 1, billingMode: 'minute', ...payload };
  const { id } = (await createApplication(t, token, rent)).json().data;
  await t.services.applications.settled();
  return id as string;
}

const timedStop = (token: string, id: string, time: string) =>
  t.request({
    method: 'GET',
    url: `/api/equipment/deviceServer/timedStopApplication/${id}?time=${encodeURIComponent(time)}`,
    token,
    locale: 'en-US',
  });

describe('a timed shutdown', () => {
  it('stops the application when its time comes, and not before', async () => {
    const renter = await createRenter(t);
    const id = await running(renter.token);
    const at = new Date(clock().now().getTime() + 30 * 60_000).toISOString();
    const set = await timedStop(renter.token, id, at);
    expect(set.json().data).toEqual({ id, timedStopTime: at });
    expect((await listApplications(t, renter.token)).rows[0]!.timedStopTime).toBe(at);

    await advance(t, 20);
    expect(await statusOf(t, renter.token, id)).toBe('running');
    await advance(t, 11);
    expect(await statusOf(t, renter.token, id)).toBe('stopped');
    expect((await listApplications(t, renter.token)).rows[0]!.timedStopTime).toBeNull();
  });

  it('can be cancelled, and must be in the future and within 30 days', async () => {
    const renter = await createRenter(t);
    const id = await running(renter.token);
    const soon = new Date(clock().now().getTime() + 5 * 60_000).toISOString();
    await timedStop(renter.token, id, soon);
    expect((await timedStop(renter.token, id, '')).json().data.timedStopTime).toBeNull();
    await advance(t, 6);
    expect(await statusOf(t, renter.token, id)).toBe('running');

    const past = await timedStop(renter.token, id, new Date(clock().now().getTime() - 60_000).toISOString());
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ msg: 'The shutdown time must be in the future and within 30 days' });
    const far = await timedStop(renter.token, id, new Date(clock().now().getTime() + 31 * 86_400_000).toISOString());
    expect(far.statusCode).toBe(400);
    expect((await timedStop(renter.token, id, 'tomorrow')).json().data.field).toBe('time');
  });
});

describe('a prepaid application', () => {
  it('stops when its term ends, and a renewal charged up front extends the term', async () => {
    const renter = await createRenter(t, '100');
    const id = await running(renter.token, { billingMode: 'day', duration: 1 });
    // 0.78 × 24 × 95 % = 17.784, charged as 17.78
    expect(await balanceOf(t, renter.token)).toBe('82.22');
    const [row] = (await listApplications(t, renter.token)).rows;
    const firstEnd = new Date(row!.expireTime as string).getTime();

    const renewed = await t.request({
      method: 'POST',
      url: '/api/equipment/deviceServer/renewalApplication',
      token: renter.token,
      payload: { id, duration: 1 },
    });
    expect(renewed.json().data).toEqual({
      id,
      expireTime: new Date(firstEnd + 86_400_000).toISOString(),
      price: '17.78',
    });
    expect(await balanceOf(t, renter.token)).toBe('64.44');
    expect((await listApplications(t, renter.token)).rows[0]!.cost).toBe('35.56');

    await advance(t, 47 * 60);
    expect(await statusOf(t, renter.token, id)).toBe('running');
    await advance(t, 61);
    expect(await statusOf(t, renter.token, id)).toBe('stopped');
  });

  it('is the only kind that can be renewed', async () => {
    const renter = await createRenter(t);
    const id = await running(renter.token);
    const refused = await t.request({
      method: 'POST',
      url: '/api/equipment/deviceServer/renewalApplication',
      token: renter.token,
      locale: 'en-US',
      payload: { id, duration: 1 },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().msg).toBe('Only an application rented by the day, week, month or year can be renewed');
  });
});

describe('a stopped application', () => {
  it('is deleted with its disks when not restarted within 7 days', async () => {
    const renter = await createRenter(t);
    const id = await running(renter.token);
    await act(t, renter.token, 'stop', id);
    await t.services.applications.settled();
    const [row] = (await listApplications(t, renter.token)).rows;
    expect(row!.deleteTime).not.toBeNull();

    await advance(t, 6 * 24 * 60);
    expect(await statusOf(t, renter.token, id)).toBe('stopped');
    await advance(t, 24 * 60 + 1);
    expect(await statusOf(t, renter.token, id)).toBeUndefined();
  });
});
