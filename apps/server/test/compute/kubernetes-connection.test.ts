import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { systemClock } from '../../src/jobs/clock.js';
import { createObjectStore } from '../../src/providers/object-store/index.js';
import { createComputeDriver, type KubernetesComputeDriver } from '../../src/providers/compute/index.js';
import { FAKE_KUBERNETES_TOKEN, startFakeKubernetes, type FakeKubernetes } from '../fixtures/fake-kubernetes.js';
import { testConfig } from '../helpers/build-test-app.js';

async function kubernetesDriver(env: Record<string, string>) {
  const config = await testConfig({ COMPUTE_DRIVER: 'kubernetes', KUBERNETES_TOKEN: FAKE_KUBERNETES_TOKEN, ...env });
  return createComputeDriver(config, {
    clock: systemClock,
    objectStore: createObjectStore(config, systemClock),
  }) as KubernetesComputeDriver;
}

describe('configuration', () => {
  it('refuses the kubernetes driver without the API’s URL or token, naming each', () => {
    expect(() => loadConfig({ COMPUTE_DRIVER: 'kubernetes' })).toThrow(
      /KUBERNETES_API_URL: is required when COMPUTE_DRIVER=kubernetes[\s\S]*KUBERNETES_TOKEN: is required/,
    );
    expect(() => loadConfig({ COMPUTE_DRIVER: 'kubernetes', KUBERNETES_API_URL: 'https://k8s.example:6443' })).toThrow(
      /KUBERNETES_TOKEN: is required when COMPUTE_DRIVER=kubernetes/,
    );
    expect(() => loadConfig({ COMPUTE_DRIVER: 'kubernetes', KUBERNETES_TOKEN: 'token' })).toThrow(/KUBERNETES_API_URL/);
  });

  it('defaults the namespace, GPU label and image prefix, and refuses a namespace that is no DNS label', () => {
    const env = {
      COMPUTE_DRIVER: 'kubernetes',
      KUBERNETES_API_URL: 'https://k8s.example:6443',
      KUBERNETES_TOKEN: 'token',
    };
    expect(loadConfig(env).compute).toMatchObject({
      driver: 'kubernetes',
      namespace: 'suanli-apps',
      gpuLabel: 'nvidia.com/gpu.product',
      imagePrefix: 'registry.suanli.local/images',
    });
    expect(() => loadConfig({ ...env, KUBERNETES_NAMESPACE: 'Suanli_Apps' })).toThrow(/KUBERNETES_NAMESPACE/);
  });
});

describe('the API’s answers', () => {
  let fake: FakeKubernetes;
  beforeAll(async () => {
    fake = await startFakeKubernetes();
  });
  afterAll(() => fake.close());

  it('makes every call throw with the call and the API’s message when the token is refused', async () => {
    const driver = await kubernetesDriver({ KUBERNETES_API_URL: fake.url, KUBERNETES_TOKEN: 'stale-token' });
    await expect(driver.status('1')).rejects.toThrow(
      'Kubernetes API: read Pod suanli-app-1 answered HTTP 401: Unauthorized',
    );
    await expect(driver.capacity()).rejects.toThrow('list Nodes answered HTTP 401: Unauthorized');
    expect(fake.state.pods.size).toBe(0);
  });

  it('throws with the API’s message for a namespace it may not use', async () => {
    const driver = await kubernetesDriver({ KUBERNETES_API_URL: fake.url, KUBERNETES_NAMESPACE: 'kube-system' });
    await expect(driver.stop('1')).rejects.toThrow(
      'delete Pod suanli-app-1 answered HTTP 403: cannot DELETE pods in the namespace "kube-system"',
    );
  });

  it('throws when the API cannot be reached', async () => {
    const driver = await kubernetesDriver({ KUBERNETES_API_URL: 'http://127.0.0.1:1' });
    await expect(driver.status('1')).rejects.toThrow(/Kubernetes API: read Pod suanli-app-1 failed: .*ECONNREFUSED/);
  });
});

describe('an API server with a private certificate authority', () => {
  let folder: string;
  let fake: FakeKubernetes;
  beforeAll(async () => {
    folder = mkdtempSync(path.join(os.tmpdir(), 'suanli-kubernetes-'));
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1'].concat(
        ['-subj', '/CN=fake-kubernetes', '-addext', 'subjectAltName=IP:127.0.0.1'],
        ['-keyout', path.join(folder, 'key.pem'), '-out', path.join(folder, 'ca.pem')],
      ),
      { stdio: 'ignore' },
    );
    const read = (name: string) => readFileSync(path.join(folder, name), 'utf8');
    fake = await startFakeKubernetes({ tls: { key: read('key.pem'), cert: read('ca.pem') } });
    fake.addNode('gpu-a', { 'nvidia.com/gpu.product': 'NVIDIA-GeForce-RTX-4090' }, 1);
  });
  afterAll(async () => {
    await fake.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('is trusted through KUBERNETES_CA_FILE, and refused without it', async () => {
    const trusting = await kubernetesDriver({
      KUBERNETES_API_URL: fake.url,
      KUBERNETES_CA_FILE: path.join(folder, 'ca.pem'),
    });
    expect(await trusting.capacity()).toEqual([
      { name: 'gpu-a', gpus: [{ index: 0, model: 'NVIDIA-GeForce-RTX-4090' }] },
    ]);
    const doubting = await kubernetesDriver({ KUBERNETES_API_URL: fake.url });
    await expect(doubting.capacity()).rejects.toThrow(/list Nodes failed: .*self.signed certificate/);
  });

  it('stops the server at start when the CA file cannot be read', async () => {
    await expect(
      kubernetesDriver({ KUBERNETES_API_URL: fake.url, KUBERNETES_CA_FILE: path.join(folder, 'key.pem') }),
    ).rejects.toThrow(/KUBERNETES_CA_FILE: .*key\.pem is no readable PEM certificate/);
  });
});
