import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/sql.js';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { allocate, fleetFile, fleetWith, gpuRows, holder, release } from './inventory-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** Starts the server again on the same database, as a restart or a second instance does. */
async function restart(env: Record<string, string> = {}) {
  const again = await buildTestApp(env, { testDatabase: t.testDatabase });
  await again.close();
}

const hostsOf = async () =>
  queryRows<{ regionId: string; host: string; model: string; count: number; simulated: boolean }>(
    t.db,
    sql`SELECT hosts.region_id AS "regionId", hosts.name AS host, gpus.model, count(*)::int AS count, hosts.simulated
        FROM hosts JOIN gpus ON gpus.host_id = hosts.id
        GROUP BY hosts.region_id, hosts.name, gpus.model, hosts.simulated ORDER BY hosts.region_id, hosts.name`,
  );

describe('the embedded fleet', () => {
  it('is in the database once the server has started, every host marked simulated', async () => {
    expect(await hostsOf()).toEqual([
      { regionId: 'cn-east-1', host: 'e1-3090-01', model: 'RTX 3090', count: 4, simulated: true },
      { regionId: 'cn-east-1', host: 'e1-4090-01', model: 'RTX 4090', count: 8, simulated: true },
      { regionId: 'cn-east-1', host: 'e1-4090-02', model: 'RTX 4090', count: 8, simulated: true },
      { regionId: 'cn-east-1', host: 'e1-a800-01', model: 'A800', count: 2, simulated: true },
      { regionId: 'cn-north-1', host: 'n1-3060-01', model: 'RTX 3060', count: 4, simulated: true },
      { regionId: 'cn-north-1', host: 'n1-3090-01', model: 'RTX 3090', count: 8, simulated: true },
      { regionId: 'cn-north-1', host: 'n1-l20-01', model: 'L20', count: 4, simulated: true },
    ]);
    const gpus = await gpuRows(t);
    expect(gpus.filter((gpu) => gpu.host === 'e1-4090-01').map((gpu) => gpu.gpuIndex)).toEqual([
      0, 1, 2, 3, 4, 5, 6, 7,
    ]);
  });

  it('is left as it is by a second start, held GPUs included', async () => {
    const held = await allocate(t, { gpuModel: 'RTX 3090', gpuCount: 2 });
    expect(held.allocated).toBe(true);
    const regions = () => queryRows(t.db, sql`SELECT * FROM regions ORDER BY id`);
    const hosts = () => queryRows(t.db, sql`SELECT * FROM hosts ORDER BY id`);
    const before = { regions: await regions(), hosts: await hosts(), gpus: await gpuRows(t) };
    await restart();
    expect({ regions: await regions(), hosts: await hosts(), gpus: await gpuRows(t) }).toEqual(before);
  });
});

describe('a changed fleet configuration', () => {
  it('adds and removes free GPUs, hosts and regions, and never touches a held GPU', async () => {
    const custom = await buildTestApp(
      await fleetFile(
        fleetWith([
          { id: 'cn-east-1', hosts: [{ name: 'a', gpuModel: 'RTX 4090', gpuCount: 4 }] },
          { id: 'cn-north-1', hosts: [{ name: 'b', gpuModel: 'RTX 3060', gpuCount: 2 }] },
        ]),
      ),
    );
    try {
      const holderId = holder();
      const held = await allocate(custom, { gpuModel: 'RTX 3060', gpuCount: 1 }, holderId);
      expect(held).toMatchObject({ allocated: true, gpuIndexes: [0] });
      const shrunk = fleetWith([
        { id: 'cn-east-1', nameEn: 'East China 1', hosts: [{ name: 'a', gpuModel: 'RTX 4090', gpuCount: 6 }] },
      ]);
      const restarted = await buildTestApp(await fleetFile(shrunk), { testDatabase: custom.testDatabase });
      await restarted.close();
      const summary = (rows: Awaited<ReturnType<typeof gpuRows>>) =>
        rows.map((gpu) => `${gpu.regionId}/${gpu.host}/${gpu.gpuIndex}${gpu.applicationId === null ? '' : ' held'}`);
      expect(summary(await gpuRows(custom))).toEqual([
        ...[0, 1, 2, 3, 4, 5].map((index) => `cn-east-1/a/${index}`),
        'cn-north-1/b/0 held',
      ]);

      // Released, the GPU the configuration dropped goes at the next start, and its host and region with it.
      await release(custom, holderId);
      const again = await buildTestApp(await fleetFile(shrunk), { testDatabase: custom.testDatabase });
      await again.close();
      expect(summary(await gpuRows(custom))).toHaveLength(6);
      const regions = await queryRows<{ id: string; nameEn: string }>(
        custom.db,
        sql`SELECT id, name_en AS "nameEn" FROM regions`,
      );
      expect(regions).toEqual([{ id: 'cn-east-1', nameEn: 'East China 1' }]);
    } finally {
      await custom.close();
    }
  });

  it('with a bad region stops the start and says what is wrong', async () => {
    const bad = async (regions: unknown) => {
      const start = buildTestApp(await fleetFile({ ...fleetWith([]), regions }), { testDatabase: t.testDatabase });
      return start.then(
        () => 'started',
        (error: Error) => error.message,
      );
    };
    expect(await bad([{ id: 'East China 1', nameZh: '华东', nameEn: 'East', hosts: [] }])).toMatch(
      /FLEET_FILE .*fleet\.json[\s\S]*lower-case letters[\s\S]*regions\[0\]\.id/,
    );
    const host = { name: 'x', gpuModel: 'H100', gpuCount: 8 };
    expect(await bad([{ id: 'cn-west-1', nameZh: '西部', nameEn: 'West', hosts: [host] }])).toMatch(
      /H100 is not in gpuModels[\s\S]*regions\[0\]\.hosts\[0\]\.gpuModel/,
    );
    expect(await bad(undefined)).toMatch(/regions/);
  });
});
