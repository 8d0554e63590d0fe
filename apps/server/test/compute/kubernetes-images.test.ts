import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/jobs/clock.js';
import { createComputeDriver, type KubernetesComputeDriver } from '../../src/providers/compute/index.js';
import { createObjectStore } from '../../src/providers/object-store/index.js';
import type { ObjectStore } from '../../src/providers/object-store/types.js';
import { FAKE_KUBERNETES_TOKEN, startFakeKubernetes, type FakeKubernetes } from '../fixtures/fake-kubernetes.js';
import { testConfig } from '../helpers/build-test-app.js';
import { eventually, workload } from '../helpers/workspaces.js';

// Saved images on the `kubernetes` driver, against the fake API: a Job beside the workspace archives the data disk to
// a presigned URL of the object store, and another restores it onto a new disk before the Pod is first created. The
// fake plays the Job controller; what the Job's script would PUT, the test puts itself.
const JOBS = '/apis/batch/v1/namespaces/suanli-apps/jobs';

let fake: FakeKubernetes;
let driver: KubernetesComputeDriver;
let store: ObjectStore;
beforeAll(async () => {
  fake = await startFakeKubernetes();
  const config = await testConfig({
    COMPUTE_DRIVER: 'kubernetes',
    KUBERNETES_API_URL: fake.url,
    KUBERNETES_TOKEN: FAKE_KUBERNETES_TOKEN,
    KUBERNETES_JOB_IMAGE: 'registry.suanli.local/tools/archive:1',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'suanli-k8s-images-')),
    PUBLIC_URL: 'https://console.example.com',
  });
  store = createObjectStore(config, systemClock);
  driver = createComputeDriver(config, { clock: systemClock, objectStore: store }) as KubernetesComputeDriver;
});
afterEach(() => {
  expect(fake.state.problems).toEqual([]);
});
afterAll(async () => {
  await driver.close();
  await fake.close();
});

const jobNamed = (prefix: string) =>
  eventually(
    async () => [...fake.state.jobs.keys()].find((name) => name.startsWith(prefix)),
    (name) => name !== undefined,
    10_000,
  );

describe('snapshot', () => {
  it('runs a Job on the workspace’s node that tars the disk read-only and PUTs it to a presigned URL of the key', async () => {
    await driver.start(workload('31'));
    fake.pod('suanli-app-31')!.spec.nodeName = 'gpu-a';
    const key = 'user-images/5/31-1.tar.gz';
    const snapshot = driver.snapshot('31', key);
    const name = (await jobNamed('suanli-app-31-snap-'))!;
    const job = fake.state.jobs.get(name)!;
    const pod = job.spec.template.spec;
    expect(pod.nodeName).toBe('gpu-a');
    expect(pod.automountServiceAccountToken).toBe(false);
    const [container] = pod.containers;
    expect(container.image).toBe('registry.suanli.local/tools/archive:1');
    expect(container.command.join(' ')).toContain('tar -czf');
    expect(container.volumeMounts).toContainEqual({ name: 'data', mountPath: '/data', readOnly: true });
    const upload = container.env.find((each: { name: string }) => each.name === 'UPLOAD_URL').value as string;
    expect(upload).toContain(encodeURIComponent(key).replaceAll('%2F', '/'));

    await store.put(key, Readable.from(Buffer.alloc(2048, 1)), { contentType: 'application/gzip' });
    fake.setJobStatus(name, { succeeded: 1 });
    await expect(snapshot).resolves.toBe(2048);
    // The Job is deleted once its outcome is read.
    expect(fake.state.jobs.has(name)).toBe(false);
  });

  it('fails with the Job’s reason', async () => {
    const snapshot = driver.snapshot('31', 'user-images/5/31-2.tar.gz');
    snapshot.catch(() => undefined);
    const name = (await jobNamed('suanli-app-31-snap-'))!;
    fake.setJobStatus(name, {
      failed: 1,
      conditions: [{ type: 'Failed', status: 'True', reason: 'BackoffLimitExceeded', message: 'curl: (22) 403' }],
    });
    await expect(snapshot).rejects.toThrow('curl: (22) 403');
    expect(fake.state.jobs.has(name)).toBe(false);
  });
});

describe('restore', () => {
  it('unpacks the archive onto the new disk by a Job before the Pod is created', async () => {
    const start = driver.start(workload('32', { restoreFrom: 'user-images/5/31-1.tar.gz' }));
    const name = (await jobNamed('suanli-app-32-restore'))!;
    expect(fake.pod('suanli-app-32')).toBeUndefined();
    const [container] = fake.state.jobs.get(name)!.spec.template.spec.containers;
    expect(container.command.join(' ')).toContain('tar -xzf');
    expect(container.env.map((each: { name: string }) => each.name)).toEqual(['ARCHIVE_URL']);
    fake.setJobStatus(name, { succeeded: 1 });
    await start;
    expect(fake.pod('suanli-app-32')).toBeDefined();
    expect(fake.writes()).toContain(`POST ${JOBS}`);
  });
});
