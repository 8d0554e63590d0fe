import { translate } from '@suanli/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { allocate, fleetFile, fleetWith, gpuRows, holder, release } from './inventory-helpers.js';

// Three hosts of one model with 8, 4 and 2 GPUs in one region, and a fourth in another.
let t: TestApp;
beforeAll(async () => {
  const fleet = fleetWith([
    {
      id: 'cn-east-1',
      hosts: [
        { name: 'big', gpuModel: 'RTX 4090', gpuCount: 8 },
        { name: 'mid', gpuModel: 'RTX 4090', gpuCount: 4 },
        { name: 'small', gpuModel: 'RTX 4090', gpuCount: 2 },
      ],
    },
    { id: 'cn-north-1', hosts: [{ name: 'north', gpuModel: 'RTX 4090', gpuCount: 4 }] },
  ]);
  t = await buildTestApp(await fleetFile(fleet));
});
afterAll(() => t.close());

const free = (regionId?: string) => t.services.scheduler.freeCount(t.db, { gpuModel: 'RTX 4090', regionId });
const east = { gpuModel: 'RTX 4090', regionId: 'cn-east-1' };
const hostOf = async (applicationId: bigint) => {
  const held = (await gpuRows(t)).filter((gpu) => gpu.applicationId === applicationId);
  return { host: held[0]?.host, indexes: held.map((gpu) => gpu.gpuIndex) };
};

describe('GPU allocation', () => {
  it('puts every GPU of an application on the host that fits most tightly', async () => {
    const first = holder();
    expect(await allocate(t, { ...east, gpuCount: 2 }, first)).toMatchObject({
      allocated: true,
      hostName: 'small',
      regionId: 'cn-east-1',
      simulated: true,
      gpuIndexes: [0, 1],
    });
    expect(await t.services.scheduler.heldGpus(t.db, first)).toMatchObject({
      hostName: 'small',
      regionId: 'cn-east-1',
      simulated: true,
      gpuIndexes: [0, 1],
    });
    const second = holder();
    await allocate(t, { ...east, gpuCount: 2 }, second);
    expect(await hostOf(second)).toEqual({ host: 'mid', indexes: [0, 1] });
    // Three do not fit in what is left on mid: the big host, rather than stranding one GPU on mid.
    const third = holder();
    await allocate(t, { ...east, gpuCount: 3 }, third);
    expect(await hostOf(third)).toEqual({ host: 'big', indexes: [0, 1, 2] });
    expect(await free('cn-east-1')).toBe(14 - 7);
  });

  it('never splits an application over hosts: sold out when no single host has enough', async () => {
    // Seven are free in the east (five on big, two on mid), but no host has six.
    const answer = await allocate(t, { ...east, gpuCount: 6 });
    expect(answer).toEqual({ allocated: false, messageKey: 'inventory.soldOut' });
    expect(translate('en-US', answer.allocated ? '' : answer.messageKey)).toBe(
      'This GPU model for this image is sold out; choose another',
    );
    expect(translate('zh-CN', 'inventory.soldOut')).toBe('该镜像的此GPU型号已售罄，请选择其他型号');
    expect(await free('cn-east-1')).toBe(7);
  });

  it('takes the region asked for, or any region when none is named', async () => {
    const north = holder();
    expect(await allocate(t, { gpuModel: 'RTX 4090', gpuCount: 4, regionId: 'cn-north-1' }, north)).toMatchObject({
      hostName: 'north',
      regionId: 'cn-north-1',
    });
    expect(await allocate(t, { gpuModel: 'RTX 4090', gpuCount: 1, regionId: 'cn-north-1' })).toMatchObject({
      allocated: false,
    });
    const anywhere = await allocate(t, { gpuModel: 'RTX 4090', gpuCount: 2 });
    expect(anywhere).toMatchObject({ allocated: true, hostName: 'mid', gpuIndexes: [2, 3] });
    await release(t, north);
  });

  it('can be held to one host, as a restart on its own server is', async () => {
    const answer = await allocate(t, { gpuModel: 'RTX 4090', gpuCount: 1, hostId: await hostIdOf('small') });
    expect(answer).toMatchObject({ allocated: false });
    expect(await allocate(t, { gpuModel: 'RTX 4090', gpuCount: 1, hostId: await hostIdOf('big') })).toMatchObject({
      hostName: 'big',
      gpuIndexes: [3],
    });
  });

  it('is undone by release, which frees exactly the application’s GPUs', async () => {
    const applicationId = holder();
    await allocate(t, { ...east, gpuCount: 4 }, applicationId);
    const before = await free();
    expect(await release(t, applicationId)).toBe(4);
    expect(await free()).toBe(before + 4);
    expect(await release(t, applicationId)).toBe(0);
    expect(await t.services.scheduler.heldGpus(t.db, applicationId)).toBeNull();
    expect((await gpuRows(t)).some((gpu) => gpu.applicationId === applicationId)).toBe(false);
  });

  it('finds nothing for a model the fleet does not have', async () => {
    expect(await allocate(t, { gpuModel: 'H100', gpuCount: 1 })).toMatchObject({ allocated: false });
    expect(await t.services.scheduler.freeCount(t.db, { gpuModel: 'H100' })).toBe(0);
  });
});

async function hostIdOf(name: string) {
  return (await gpuRows(t)).find((gpu) => gpu.host === name)!.hostId;
}
