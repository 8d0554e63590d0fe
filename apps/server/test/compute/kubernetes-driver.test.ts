import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/jobs/clock.js';
import { createObjectStore } from '../../src/providers/object-store/index.js';
import { createComputeDriver, KubernetesComputeDriver } from '../../src/providers/compute/index.js';
import { FAKE_KUBERNETES_TOKEN, startFakeKubernetes, type FakeKubernetes } from '../fixtures/fake-kubernetes.js';
import { testConfig } from '../helpers/build-test-app.js';
import { workload } from '../helpers/workspaces.js';

const NS = '/api/v1/namespaces/suanli-apps';
const REGION = 'topology.kubernetes.io/region';

let fake: FakeKubernetes;
let driver: KubernetesComputeDriver;
beforeAll(async () => {
  fake = await startFakeKubernetes({ storageClass: 'fast-ssd' });
  const config = await testConfig({
    COMPUTE_DRIVER: 'kubernetes',
    KUBERNETES_API_URL: fake.url,
    KUBERNETES_TOKEN: FAKE_KUBERNETES_TOKEN,
    KUBERNETES_STORAGE_CLASS: 'fast-ssd',
  });
  const chosen = createComputeDriver(config, {
    clock: systemClock,
    objectStore: createObjectStore(config, systemClock),
  });
  expect(chosen).toBeInstanceOf(KubernetesComputeDriver);
  driver = chosen as KubernetesComputeDriver;
});
afterEach(() => {
  // Every request the driver made passed the fake's checks (token, content type, path, namespace, specs).
  expect(fake.state.problems).toEqual([]);
});
afterAll(async () => {
  await driver.close();
  await fake.close();
});

/** The requests made while `action` ran. */
async function during(action: () => Promise<unknown>) {
  const before = fake.state.received.length;
  await action();
  return fake.state.received.slice(before);
}

describe('start', () => {
  it('creates the data disk, the GPU Pod on a node of its model and the Service over its links', async () => {
    const calls = await during(() => driver.start(workload('7', { dataDiskGb: 70 })));
    expect(calls.filter((call) => call.status === 201).map((call) => call.path)).toEqual([
      `${NS}/persistentvolumeclaims`,
      `${NS}/services`,
      `${NS}/pods`,
    ]);
    expect(fake.state.claims.get('suanli-app-7-data')?.spec).toEqual({
      accessModes: ['ReadWriteOnce'],
      resources: { requests: { storage: '70Gi' } },
      storageClassName: 'fast-ssd',
    });
    const pod = fake.pod('suanli-app-7')!;
    expect(pod.metadata.labels).toEqual({ 'app.kubernetes.io/managed-by': 'suanli', 'suanli.io/application': '7' });
    expect(pod.spec.nodeSelector).toEqual({ 'nvidia.com/gpu.product': 'RTX-4090' });
    const [container] = pod.spec.containers;
    expect(container.image).toBe('registry.suanli.local/images/pytorch-2-3-jupyterlab:latest');
    expect(container.resources).toEqual({ limits: { 'nvidia.com/gpu': '2' } });
    expect(container.ports.map((port: { containerPort: number }) => port.containerPort)).toEqual([8888, 7681]);
    expect(container.volumeMounts).toEqual([{ name: 'data', mountPath: '/root/data' }]);
    expect(pod.spec.volumes).toEqual([{ name: 'data', persistentVolumeClaim: { claimName: 'suanli-app-7-data' } }]);
    expect(pod.spec.automountServiceAccountToken).toBe(false);
    const service = fake.state.services.get('suanli-app-7')!;
    expect(service.spec).toEqual({
      type: 'ClusterIP',
      selector: { 'suanli.io/application': '7' },
      ports: [
        { name: 'port-8888', port: 8888, targetPort: 8888, protocol: 'TCP' },
        { name: 'port-7681', port: 7681, targetPort: 7681, protocol: 'TCP' },
      ],
    });
  });

  it('puts the Pod of GPUs found on a node on that very node', async () => {
    await driver.start(
      workload('8', { gpu: { model: 'RTX 4090', indexes: [0], simulated: false }, hostName: 'gpu-a' }),
    );
    const pod = fake.pod('suanli-app-8')!;
    expect(pod.spec.nodeSelector).toBeUndefined();
    expect(pod.spec.affinity).toEqual({
      nodeAffinity: {
        requiredDuringSchedulingIgnoredDuringExecution: {
          nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: ['gpu-a'] }] }],
        },
      },
    });
    await driver.destroy('8');
  });

  it('is idempotent: a second start creates nothing new and leaves the Pod alone', async () => {
    const calls = await during(() => driver.start(workload('7', { dataDiskGb: 70 })));
    expect(calls.filter((call) => call.status === 201 || call.method === 'DELETE' || call.method === 'PATCH')).toEqual(
      [],
    );
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.status)).toEqual([409, 409]);
    expect(fake.state.pods.size).toBe(1);
  });

  it('replaces a Pod that has failed, keeping its disk', async () => {
    await driver.start(workload('8'));
    fake.setPodStatus('suanli-app-8', { phase: 'Failed', reason: 'Evicted', message: 'The node was low on memory.' });
    const calls = await during(() => driver.start(workload('8')));
    expect(calls.filter((call) => call.method !== 'GET').map((call) => [call.method, call.path, call.status])).toEqual([
      ['POST', `${NS}/persistentvolumeclaims`, 409],
      ['POST', `${NS}/services`, 409],
      ['DELETE', `${NS}/pods/suanli-app-8`, 200],
      ['POST', `${NS}/pods`, 201],
    ]);
    expect(fake.pod('suanli-app-8')?.status).toEqual({ phase: 'Pending' });
  });

  it('names the image by id when its name has no Latin letter or digit, and grows a smaller disk', async () => {
    await driver.start(workload('9', { image: { id: '42', name: '通义千问', links: [] }, dataDiskGb: 50 }));
    expect(fake.pod('suanli-app-9')?.spec.containers[0].image).toBe('registry.suanli.local/images/image-42:latest');
    // An image without links needs no Service.
    expect(fake.state.services.has('suanli-app-9')).toBe(false);
    await driver.stop('9');
    await driver.start(workload('9', { image: { id: '42', name: '通义千问', links: [] }, dataDiskGb: 80 }));
    expect(fake.state.claims.get('suanli-app-9-data')?.spec.resources.requests.storage).toBe('80Gi');
  });
});

describe('status', () => {
  beforeAll(async () => {
    await driver.start(workload('20'));
  });

  const statusWith = async (status: Record<string, unknown>) => {
    fake.setPodStatus('suanli-app-20', status);
    return driver.status('20');
  };
  const waiting = (reason: string, message: string) => ({
    phase: 'Pending',
    containerStatuses: [{ name: 'workspace', ready: false, state: { waiting: { reason, message } } }],
  });

  it('is starting while Pending, and running once Running with every container ready', async () => {
    expect(await driver.status('20')).toEqual({ state: 'starting' });
    expect(await statusWith(waiting('ContainerCreating', ''))).toEqual({ state: 'starting' });
    fake.runPod('suanli-app-20', '2025-03-01T08:00:00Z');
    expect(await driver.status('20')).toEqual({ state: 'running', startedAt: new Date('2025-03-01T08:00:00Z') });
    const notReady = { ...fake.pod('suanli-app-20')!.status, containerStatuses: [{ name: 'workspace', ready: false }] };
    expect(await statusWith(notReady)).toEqual({ state: 'starting' });
  });

  it('is failed with the reason when the image cannot be pulled or the workspace crashes in a loop', async () => {
    expect(await statusWith(waiting('ImagePullBackOff', 'Back-off pulling image "x"'))).toEqual({
      state: 'failed',
      reason: 'ImagePullBackOff: Back-off pulling image "x"',
    });
    expect(await statusWith(waiting('ErrImagePull', 'not found'))).toEqual({
      state: 'failed',
      reason: 'ErrImagePull: not found',
    });
    const crashing = { ...waiting('CrashLoopBackOff', 'back-off 5m0s restarting'), phase: 'Running' };
    expect(await statusWith(crashing)).toEqual({
      state: 'failed',
      reason: 'CrashLoopBackOff: back-off 5m0s restarting',
    });
  });

  it('is failed when no node can take it, but waits while its disk is being bound', async () => {
    const unschedulable = (message: string) => ({
      phase: 'Pending',
      conditions: [{ type: 'PodScheduled', status: 'False', reason: 'Unschedulable', message }],
    });
    expect(await statusWith(unschedulable('0/4 nodes are available: 4 Insufficient nvidia.com/gpu.'))).toEqual({
      state: 'failed',
      reason: 'Unschedulable: 0/4 nodes are available: 4 Insufficient nvidia.com/gpu.',
    });
    expect(
      await statusWith(unschedulable('0/4 nodes are available: pod has unbound immediate PersistentVolumeClaims.')),
    ).toEqual({ state: 'starting' });
  });

  it('is failed with the reason when the Pod failed', async () => {
    expect(await statusWith({ phase: 'Failed', reason: 'Evicted', message: 'low on memory' })).toEqual({
      state: 'failed',
      reason: 'Evicted: low on memory',
    });
    const ended = {
      phase: 'Failed',
      containerStatuses: [
        { name: 'workspace', ready: false, state: { terminated: { reason: 'OOMKilled', exitCode: 137 } } },
      ],
    };
    expect(await statusWith(ended)).toEqual({ state: 'failed', reason: 'OOMKilled (exit code 137)' });
  });

  it('is stopped without a Pod while the disk is kept, and missing without either', async () => {
    await driver.stop('20');
    expect(await driver.status('20')).toEqual({ state: 'stopped' });
    expect(await driver.status('404')).toEqual({ state: 'missing' });
  });
});

describe('endpoint', () => {
  it('is the Service’s cluster name for a link port of a running Pod, null otherwise', async () => {
    expect(await driver.endpoint('30', 8888)).toBeNull();
    await driver.start(workload('30'));
    expect(await driver.endpoint('30', 8888)).toBeNull();
    fake.runPod('suanli-app-30');
    expect(await driver.endpoint('30', 8888)).toEqual({ host: 'suanli-app-30.suanli-apps.svc', port: 8888 });
    expect(await driver.endpoint('30', 7681)).toEqual({ host: 'suanli-app-30.suanli-apps.svc', port: 7681 });
    expect(await driver.endpoint('30', 9999)).toBeNull();
  });
});

describe('stop', () => {
  it('deletes only the Pod and waits until it is gone', async () => {
    await driver.start(workload('40'));
    fake.runPod('suanli-app-40');
    const calls = await during(() => driver.stop('40'));
    expect(calls.filter((call) => call.method !== 'GET').map((call) => `${call.method} ${call.path}`)).toEqual([
      `DELETE ${NS}/pods/suanli-app-40`,
    ]);
    // The fake keeps a deleted Pod for two reads, as the kubelet does during its grace period.
    expect(calls.filter((call) => call.method === 'GET').map((call) => call.status)).toEqual([200, 200, 404]);
    expect(fake.pod('suanli-app-40')).toBeUndefined();
    expect(fake.state.claims.has('suanli-app-40-data')).toBe(true);
    expect(fake.state.services.has('suanli-app-40')).toBe(true);
    const again = await during(() => driver.stop('40'));
    expect(again.map((call) => call.status)).toEqual([404, 404]);
  });
});

describe('destroy', () => {
  it('deletes the Pod, the Service and the data disk, and may be repeated', async () => {
    await driver.start(workload('50'));
    const calls = await during(() => driver.destroy('50'));
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      `${NS}/pods/suanli-app-50`,
      `${NS}/services/suanli-app-50`,
      `${NS}/persistentvolumeclaims/suanli-app-50-data`,
    ]);
    expect(await driver.status('50')).toEqual({ state: 'missing' });
    const again = await during(() => driver.destroy('50'));
    expect(again.map((call) => call.status)).toEqual([404, 404, 404, 404]);
  });
});

describe('resizeDisk', () => {
  it('grows the claim with a merge patch and never shrinks it', async () => {
    await driver.start(workload('60', { dataDiskGb: 70 }));
    const grown = await during(() => driver.resizeDisk('60', 100));
    expect(grown.filter((call) => call.method === 'PATCH')).toMatchObject([
      {
        path: `${NS}/persistentvolumeclaims/suanli-app-60-data`,
        contentType: 'application/merge-patch+json',
        body: { spec: { resources: { requests: { storage: '100Gi' } } } },
        status: 200,
      },
    ]);
    const smaller = await during(() => driver.resizeDisk('60', 60));
    const same = await during(() => driver.resizeDisk('60', 100));
    expect([...smaller, ...same].filter((call) => call.method !== 'GET')).toEqual([]);
    expect(fake.state.claims.get('suanli-app-60-data')?.spec.resources.requests.storage).toBe('100Gi');
  });

  it('leaves an application without a disk to the size its start will be given', async () => {
    const calls = await during(() => driver.resizeDisk('61', 50));
    expect(calls.map((call) => `${call.method} ${call.status}`)).toEqual(['GET 404']);
  });
});

describe('capacity', () => {
  it('reads each GPU node as a host with its GPUs’ model and region, page after page', async () => {
    fake.addNode('gpu-a', { 'nvidia.com/gpu.product': 'NVIDIA-GeForce-RTX-4090' }, 2);
    fake.addNode('gpu-b', { 'nvidia.com/gpu.product': 'NVIDIA-A100-SXM4-80GB', [REGION]: 'cn-north-1' }, 1);
    fake.addNode('control-plane', { 'node-role.kubernetes.io/control-plane': '' });
    fake.addNode('gpu-c', {}, 1);
    const calls = await during(async () => {
      expect(await driver.capacity()).toEqual([
        {
          name: 'gpu-a',
          gpus: [
            { index: 0, model: 'NVIDIA-GeForce-RTX-4090' },
            { index: 1, model: 'NVIDIA-GeForce-RTX-4090' },
          ],
        },
        { name: 'gpu-b', gpus: [{ index: 0, model: 'NVIDIA-A100-SXM4-80GB' }], region: 'cn-north-1' },
        // Without the label its GPUs have no model to price: the inventory leaves them out and says so.
        { name: 'gpu-c', gpus: [{ index: 0, model: '' }] },
      ]);
    });
    expect(calls.map((call) => `${call.method} ${call.path}?${call.query}`)).toEqual([
      'GET /api/v1/nodes?limit=500',
      'GET /api/v1/nodes?limit=500&continue=2',
    ]);
  });

  it('sees no hardware in a cluster without a GPU node', async () => {
    fake.state.nodes.length = 0;
    fake.addNode('control-plane', { 'node-role.kubernetes.io/control-plane': '' });
    expect(await driver.capacity()).toBeNull();
  });
});
