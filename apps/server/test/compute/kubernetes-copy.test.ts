import { tmpdir } from 'node:os';
import { Readable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/jobs/clock.js';
import {
  createComputeDriver,
  type IncomingFile,
  type KubernetesComputeDriver,
} from '../../src/providers/compute/index.js';
import { FAKE_KUBERNETES_TOKEN, startFakeKubernetes, type FakeKubernetes } from '../fixtures/fake-kubernetes.js';
import { testConfig } from '../helpers/build-test-app.js';
import { eventually, objectStoreIn, workload } from '../helpers/workspaces.js';

let fake: FakeKubernetes;
let driver: KubernetesComputeDriver;
beforeAll(async () => {
  fake = await startFakeKubernetes();
  const config = await testConfig({
    COMPUTE_DRIVER: 'kubernetes',
    KUBERNETES_API_URL: fake.url,
    KUBERNETES_TOKEN: FAKE_KUBERNETES_TOKEN,
    KUBERNETES_JOB_IMAGE: 'registry.suanli.local/tools/curl:8',
  });
  driver = createComputeDriver(config, {
    clock: systemClock,
    objectStore: objectStoreIn(tmpdir()),
  }) as KubernetesComputeDriver;
});
afterEach(() => {
  expect(fake.state.problems).toEqual([]);
});
afterAll(async () => {
  await driver.close();
  await fake.close();
});

const file = (path: string, size: number): IncomingFile => ({
  path,
  size,
  open: () => Promise.resolve(Readable.from(Buffer.alloc(size))),
  url: () => Promise.resolve(`https://store.example/${encodeURIComponent(path)}?signature=abc`),
});

async function jobOnceCreated() {
  const name = await eventually(
    () => Promise.resolve([...fake.state.jobs.keys()][0]),
    (found) => found !== undefined,
    10_000,
  );
  return name!;
}

describe('copyIn on Kubernetes', () => {
  it('runs a Job on the application’s data disk that fetches each link to its path, then reports the total', async () => {
    const progress: number[] = [];
    const copying = driver.copyIn('7', [file('models/sd/README.md', 10), file('models/sd/unet.bin', 30)], (done) => {
      progress.push(done);
    });
    const name = await jobOnceCreated();
    expect(name).toMatch(/^suanli-app-7-copy-[0-9a-f]{10}$/);
    const spec = fake.state.jobs.get(name)!.spec.template.spec;
    expect(spec.volumes).toEqual([{ name: 'data', persistentVolumeClaim: { claimName: 'suanli-app-7-data' } }]);
    const [container] = spec.containers;
    expect(container.image).toBe('registry.suanli.local/tools/curl:8');
    expect(container.command.slice(4)).toEqual([
      'models/sd/README.md',
      'https://store.example/models%2Fsd%2FREADME.md?signature=abc',
      'models/sd/unet.bin',
      'https://store.example/models%2Fsd%2Funet.bin?signature=abc',
    ]);
    fake.finishJob(name, { succeeded: true });
    await copying;
    expect(progress).toEqual([40]);
    expect(fake.state.jobs.size).toBe(0);
  });

  it('runs beside a running workspace, on the node where its disk is attached', async () => {
    await driver.start(workload('9'));
    fake.pod('suanli-app-9')!.spec.nodeName = 'gpu-b';
    const copying = driver.copyIn('9', [file('x.bin', 1)], () => undefined);
    const name = await jobOnceCreated();
    expect(fake.state.jobs.get(name)!.spec.template.spec.nodeName).toBe('gpu-b');
    fake.finishJob(name, { succeeded: true });
    await copying;
  });

  it('fails with the Job’s reason, and refuses a path off the disk before creating anything', async () => {
    const copying = driver.copyIn('8', [file('a.bin', 5)], () => undefined);
    const name = await jobOnceCreated();
    fake.finishJob(name, { succeeded: false, message: 'curl: (22) 403 Forbidden' });
    await expect(copying).rejects.toThrow('403 Forbidden');
    await expect(driver.copyIn('8', [file('../etc/passwd', 5)], () => undefined)).rejects.toThrow();
    expect(fake.state.jobs.size).toBe(0);
  });
});
