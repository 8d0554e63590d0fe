import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { officialImageId } from '../catalogue/catalogue-helpers.js';
import { FAKE_KUBERNETES_TOKEN, startFakeKubernetes, type FakeKubernetes } from '../fixtures/fake-kubernetes.js';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { gpuRows } from './inventory-helpers.js';

type Region = { id: string; simulated: boolean; gpus: { gpuModel: string; total: number; free: number }[] };

const regions = async (t: TestApp): Promise<Region[]> =>
  (await t.request({ method: 'GET', url: '/api/equipment/gpu/regions' })).json().data;

const freeByModel = async (t: TestApp) => {
  const image = await officialImageId(t, 'PyTorch 2.3 + JupyterLab');
  const response = await t.request({
    method: 'GET',
    url: `/api/equipment/deviceServer/availableGpuConfig?imageId=${image}`,
  });
  return Object.fromEntries(
    (response.json().data as { gpuModel: string; freeCount: number }[]).map((row) => [row.gpuModel, row.freeCount]),
  );
};

const hostsOf = async (t: TestApp) =>
  (await gpuRows(t)).map(
    (gpu) => `${gpu.regionId} ${gpu.host} ${gpu.simulated ? 'simulated' : 'real'} ${gpu.model} #${gpu.gpuIndex}`,
  );

describe('a host with nvidia-smi', () => {
  let folder: string;
  let t: TestApp;
  beforeAll(async () => {
    folder = mkdtempSync(path.join(os.tmpdir(), 'suanli-nvidia-smi-'));
    const script = path.join(folder, 'nvidia-smi');
    // Answers only the query the driver makes, as the real command would with other arguments.
    writeFileSync(
      script,
      [
        '#!/bin/sh',
        '[ "$*" = "--query-gpu=index,name,memory.total --format=csv,noheader" ] || exit 9',
        'echo "0, NVIDIA GeForce RTX 4090, 24564 MiB"',
        'echo "1, NVIDIA GeForce RTX 4090, 24564 MiB"',
        'echo "2, NVIDIA H20, 97871 MiB"',
      ].join('\n'),
    );
    chmodSync(script, 0o755);
    t = await buildTestApp({ NVIDIA_SMI: script, LOCAL_REGION: 'cn-north-1' });
  });
  afterAll(async () => {
    await t.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('offers its priced GPUs, not simulated, on a host named as the machine, in LOCAL_REGION', async () => {
    const host = os.hostname();
    expect(await hostsOf(t)).toEqual([`cn-north-1 ${host} real RTX 4090 #0`, `cn-north-1 ${host} real RTX 4090 #1`]);
    expect(await freeByModel(t)).toEqual({ 'RTX 4090': 2, 'RTX 3090': 0, 'RTX 3060': 0, L20: 0, A800: 0 });
    expect(await regions(t)).toEqual([
      expect.objectContaining({ id: 'cn-east-1', simulated: false, gpus: [] }),
      expect.objectContaining({
        id: 'cn-north-1',
        simulated: false,
        gpus: [{ gpuModel: 'RTX 4090', total: 2, free: 2 }],
      }),
    ]);
  });

  it('leaves out a GPU whose model the fleet does not price (H20), since it cannot be rented', async () => {
    expect((await gpuRows(t)).some((gpu) => gpu.model.includes('H20'))).toBe(false);
  });
});

describe('a host without nvidia-smi', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ NVIDIA_SMI: path.join(os.tmpdir(), 'suanli-no-such-nvidia-smi') });
  });
  afterAll(() => t.close());

  it('offers the simulated fleet of the configuration, marked as simulated', async () => {
    const rows = await gpuRows(t);
    expect(rows.length).toBe(38);
    expect(rows.every((gpu) => gpu.simulated)).toBe(true);
    expect((await regions(t)).map((region) => [region.id, region.simulated])).toEqual([
      ['cn-east-1', true],
      ['cn-north-1', true],
    ]);
  });
});

describe('a Kubernetes cluster', () => {
  let fake: FakeKubernetes;
  let t: TestApp;
  beforeAll(async () => {
    fake = await startFakeKubernetes();
    fake.addNode(
      'gpu-a',
      { 'nvidia.com/gpu.product': 'NVIDIA-GeForce-RTX-4090', 'topology.kubernetes.io/region': 'cn-north-1' },
      8,
    );
    fake.addNode(
      'gpu-b',
      { 'nvidia.com/gpu.product': 'NVIDIA-GeForce-RTX-3060', 'topology.kubernetes.io/region': 'us-west-2' },
      2,
    );
    fake.addNode('gpu-c', { 'nvidia.com/gpu.product': 'NVIDIA-H20' }, 8);
    fake.addNode('control-plane', { 'node-role.kubernetes.io/control-plane': '' });
    t = await buildTestApp({
      COMPUTE_DRIVER: 'kubernetes',
      KUBERNETES_API_URL: fake.url,
      KUBERNETES_TOKEN: FAKE_KUBERNETES_TOKEN,
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('offers each GPU node as a host in the region it is labelled with, or the first one', async () => {
    const gpus = await hostsOf(t);
    expect(gpus.filter((gpu) => gpu.includes('gpu-a'))).toHaveLength(8);
    expect(gpus.filter((gpu) => !gpu.includes('gpu-a'))).toEqual([
      'cn-east-1 gpu-b real RTX 3060 #0',
      'cn-east-1 gpu-b real RTX 3060 #1',
    ]);
    expect(gpus[0]).toBe('cn-north-1 gpu-a real RTX 4090 #0');
    expect(await freeByModel(t)).toMatchObject({ 'RTX 4090': 8, 'RTX 3060': 2, 'RTX 3090': 0 });
    expect(fake.state.received.map((call) => `${call.method} ${call.path}?${call.query}`)).toEqual([
      'GET /api/v1/nodes?limit=500',
      'GET /api/v1/nodes?limit=500&continue=2',
    ]);
    expect(fake.state.problems).toEqual([]);
  });
});
