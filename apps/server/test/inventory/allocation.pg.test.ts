import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/sql.js';
import type { GpuAllocation } from '../../src/modules/inventory/index.js';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { allocate, fleetFile, fleetWith, holder } from './inventory-helpers.js';

// Real PostgreSQL only: PGlite runs one statement at a time and cannot show a race (ARCHITECTURE §4).
// 100 RTX 4090s on twelve hosts of 8 and one of 4; 64 RTX 3060s on eight hosts of 8.
let t: TestApp;
beforeAll(async () => {
  const hosts = (prefix: string, gpuModel: string, counts: number[]) =>
    counts.map((gpuCount, index) => ({ name: `${prefix}-${index}`, gpuModel, gpuCount }));
  const fleet = fleetWith([
    { id: 'cn-east-1', hosts: hosts('e', 'RTX 4090', [...Array<number>(12).fill(8), 4]) },
    { id: 'cn-north-1', hosts: hosts('n', 'RTX 3060', Array<number>(8).fill(8)) },
  ]);
  t = await buildTestApp(await fleetFile(fleet));
});
afterAll(() => t.close());

const heldBy = (model: string) =>
  queryRows<{ applicationId: bigint; gpus: number; hosts: number }>(
    t.db,
    sql`SELECT application_id AS "applicationId", count(*)::int AS gpus, count(DISTINCT host_id)::int AS hosts
        FROM gpus WHERE model = ${model} AND application_id IS NOT NULL GROUP BY application_id`,
  );

describe('allocations racing for the same GPUs', () => {
  it('give exactly 100 of 200 requests one of 100 free GPUs, and no GPU twice', async () => {
    const answers = await Promise.all(
      Array.from({ length: 200 }, () => allocate(t, { gpuModel: 'RTX 4090', gpuCount: 1 })),
    );
    const allocations = answers.filter((answer): answer is GpuAllocation => answer.allocated);
    expect(allocations).toHaveLength(100);
    expect(answers.filter((answer) => !answer.allocated)).toHaveLength(100);
    const gpuIds = allocations.flatMap((allocation) => allocation.gpuIds.map(String));
    expect(new Set(gpuIds).size).toBe(100);
    const held = await heldBy('RTX 4090');
    expect(held).toHaveLength(100);
    expect(held.reduce((sum, row) => sum + row.gpus, 0)).toBe(100);
    expect(await t.services.scheduler.freeCount(t.db, { gpuModel: 'RTX 4090' })).toBe(0);
  });

  it('of 1, 2 and 4 GPUs never split an application over hosts', async () => {
    const sizes = Array.from({ length: 60 }, (_, index) => [1, 2, 4][index % 3]!);
    const requests = sizes.map((gpuCount) => ({ gpuCount, applicationId: holder() }));
    const answers = await Promise.all(
      requests.map(({ gpuCount, applicationId }) => allocate(t, { gpuModel: 'RTX 3060', gpuCount }, applicationId)),
    );
    const held = new Map((await heldBy('RTX 3060')).map((row) => [row.applicationId, row]));
    requests.forEach(({ gpuCount, applicationId }, index) => {
      const answer = answers[index]!;
      const row = held.get(applicationId);
      if (answer.allocated) {
        expect(row).toEqual({ applicationId, gpus: gpuCount, hosts: 1 });
        expect(answer.gpuIds).toHaveLength(gpuCount);
      } else {
        expect(row).toBeUndefined();
      }
    });
    // Demand (140 GPUs) exceeds the 64 there are.
    expect([...held.values()].reduce((sum, row) => sum + row.gpus, 0)).toBeLessThanOrEqual(64);
  });
});
