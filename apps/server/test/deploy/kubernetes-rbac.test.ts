import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/jobs/clock.js';
import { createComputeDriver, type KubernetesComputeDriver } from '../../src/providers/compute/index.js';
import { createObjectStore } from '../../src/providers/object-store/index.js';
import type { ObjectStore } from '../../src/providers/object-store/types.js';
import { FAKE_KUBERNETES_TOKEN, startFakeKubernetes, type FakeKubernetes } from '../fixtures/fake-kubernetes.js';
import { testConfig } from '../helpers/build-test-app.js';
import { eventually, workload } from '../helpers/workspaces.js';

// The ServiceAccount's rights in deploy/kubernetes/rbac.yaml are what the kubernetes compute driver calls, no less
// (a refused call breaks an application) and no more (a renter's escape into the API would inherit them): the driver
// runs every operation against the fake API server, and the rights its requests needed must equal those granted.
const RBAC = fileURLToPath(new URL('../../../../deploy/kubernetes/rbac.yaml', import.meta.url));
const dataDir = mkdtempSync(path.join(tmpdir(), 'suanli-k8s-rbac-'));

let fake: FakeKubernetes;
let driver: KubernetesComputeDriver;
let store: ObjectStore;
beforeAll(async () => {
  fake = await startFakeKubernetes();
  const config = await testConfig({
    COMPUTE_DRIVER: 'kubernetes',
    KUBERNETES_API_URL: fake.url,
    KUBERNETES_TOKEN: FAKE_KUBERNETES_TOKEN,
    DATA_DIR: dataDir,
    PUBLIC_URL: 'https://console.example.com',
  });
  store = createObjectStore(config, systemClock);
  driver = createComputeDriver(config, { clock: systemClock, objectStore: store }) as KubernetesComputeDriver;
});
afterAll(async () => {
  await driver.close();
  await fake.close();
  rmSync(dataDir, { recursive: true, force: true });
});

interface Rule {
  apiGroups: string[];
  resources: string[];
  verbs: string[];
}

/** `<namespace or "cluster"> <group>/<resource> <verb>` for every right the Roles and ClusterRoles of rbac.yaml grant. */
function granted(): string[] {
  const objects = parseAllDocuments(readFileSync(RBAC, 'utf8')).map((document) => document.toJS());
  return objects
    .filter((object) => object.kind === 'Role' || object.kind === 'ClusterRole')
    .flatMap((role) =>
      (role.rules as Rule[]).flatMap((rule) =>
        rule.apiGroups.flatMap((group) =>
          rule.resources.flatMap((resource) =>
            rule.verbs.map((verb) => `${role.metadata.namespace ?? 'cluster'} ${group}/${resource} ${verb}`),
          ),
        ),
      ),
    )
    .sort();
}

const CALL = /^\/(?:api\/v1|apis\/(batch)\/v1)(?:\/namespaces\/([^/]+))?\/([a-z]+)(?:\/([^/]+))?$/;

/** The same, for what each request the fake received needed (a GET of a collection is `list`, of an item `get`). */
function needed(): string[] {
  const rights = fake.state.received.map(({ method, path }) => {
    const [, group = '', namespace = 'cluster', resource, name] = CALL.exec(path) ?? [];
    const verb = { GET: name ? 'get' : 'list', POST: 'create', PATCH: 'patch', DELETE: 'delete' }[method];
    return `${namespace} ${group}/${resource} ${verb}`;
  });
  return [...new Set(rights)].sort();
}

const jobNamed = async (prefix: string) =>
  (await eventually(
    async () => [...fake.state.jobs.keys()].find((name) => name.startsWith(prefix)),
    (name) => name !== undefined,
    10_000,
  ))!;

describe('the compute driver’s ServiceAccount', () => {
  it('is granted exactly the rights that every operation of the driver uses', async () => {
    fake.addNode('gpu-a', { 'nvidia.com/gpu.product': 'NVIDIA-GeForce-RTX-4090' }, 8);
    await driver.capacity();
    await driver.start(workload('41', { dataDiskGb: 50 }));
    fake.runPod('suanli-app-41');
    await driver.status('41');
    await driver.endpoint('41', 8888);
    await driver.resizeDisk('41', 80);

    const key = 'user-images/5/41-1.tar.gz';
    const snapshot = driver.snapshot('41', key);
    const snapshotJob = await jobNamed('suanli-app-41-snap-');
    await store.put(key, Readable.from(Buffer.alloc(1024, 1)), { contentType: 'application/gzip' });
    fake.finishJob(snapshotJob, { succeeded: true });
    await snapshot;

    const copying = driver.copyIn(
      '41',
      [
        {
          path: 'models/a.bin',
          size: 3,
          open: () => Promise.resolve(Readable.from(Buffer.alloc(3))),
          url: () => Promise.resolve('https://store.example/models/a.bin?signature=abc'),
        },
      ],
      () => undefined,
    );
    fake.finishJob(await jobNamed('suanli-app-41-copy-'), { succeeded: true });
    await copying;

    const restoring = driver.start(workload('42', { restoreFrom: key }));
    fake.finishJob(await jobNamed('suanli-app-42-restore'), { succeeded: true });
    await restoring;

    await driver.stop('41');
    await driver.destroy('41');
    await driver.destroy('42');

    expect(fake.state.problems).toEqual([]);
    expect(needed()).toEqual(granted());
  });
});
