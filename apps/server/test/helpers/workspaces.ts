import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { systemClock, type Clock } from '../../src/jobs/clock.js';
import type { ComputeDriver, Workload } from '../../src/providers/compute/index.js';
import { LocalObjectStore } from '../../src/providers/object-store/local.js';

export function workload(applicationId: string, overrides: Partial<Workload> = {}): Workload {
  return {
    applicationId,
    image: {
      id: '1',
      name: 'PyTorch 2.3 + JupyterLab',
      links: [
        { name: 'JupyterLab', port: 8888, kind: 'jupyter' },
        { name: 'Terminal', port: 7681, kind: 'terminal' },
      ],
    },
    gpu: { model: 'RTX 4090', indexes: [2, 3], simulated: true },
    hostName: 'sim-bj-01',
    dataDiskGb: 50,
    ...overrides,
  };
}

/**
 * The live processes on this machine whose environment names the application: what a leak would leave behind. Ids
 * repeat across test databases: `dataDir` (the DATA_DIR the test gave its server) keeps to this test's workspaces.
 */
export function workspacePids(applicationId: string, dataDir = ''): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        const environment = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
        return (
          environment.includes(`SUANLI_APPLICATION_ID=${applicationId}`) &&
          environment.some((entry) => entry.startsWith(`SUANLI_DATA_DIR=${dataDir}`))
        );
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** GET through the endpoint the driver gives for the JupyterLab link, as the application proxy will. */
export async function fetchWorkspace(driver: ComputeDriver, applicationId: string, target: string, language?: string) {
  const endpoint = await driver.endpoint(applicationId, 8888);
  expect(endpoint).not.toBeNull();
  const headers: Record<string, string> = language ? { 'accept-language': language } : {};
  return fetch(`http://${endpoint!.host}:${endpoint!.port}${target}`, { headers });
}

export async function eventually<T>(probe: () => Promise<T>, accept: (value: T) => boolean, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (accept(value) || Date.now() > deadline) {
      return value;
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The embedded object store under `dataDir`, where a driver built by a test keeps saved images' archives. */
export function objectStoreIn(dataDir: string, clock: Clock = systemClock) {
  return new LocalObjectStore({ dataDir, signingKey: randomBytes(32).toString('base64'), baseUrl: '', clock });
}
