import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/jobs/clock.js';
import { LocalComputeDriver } from '../../src/providers/compute/index.js';
import { objectStoreIn, workload, workspacePids } from '../helpers/workspaces.js';

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url));

let dataDir: string;
const drivers: LocalComputeDriver[] = [];
const driverRunning = (script: string, startTimeoutMs = 10_000) => {
  const driver = new LocalComputeDriver({
    dataDir,
    clock: systemClock,
    objectStore: objectStoreIn(dataDir),
    startTimeoutMs,
    workspaceScript: fixture(script),
  });
  drivers.push(driver);
  return driver;
};
beforeAll(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'suanli-compute-failures-'));
});
afterAll(async () => {
  await Promise.all(drivers.map((driver) => driver.close()));
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a workspace that fails', () => {
  it('reports a crash as failed, with the last lines it wrote to stderr as the reason', async () => {
    const driver = driverRunning('crashing-workspace.mjs');
    await expect(driver.start(workload('201'))).rejects.toThrow(/CUDA error: out of memory/);
    expect(await driver.status('201')).toEqual({
      state: 'failed',
      reason: 'exited with code 3: loading model weights\nCUDA error: out of memory',
    });
    expect(await driver.endpoint('201', 8888)).toBeNull();
    await driver.stop('201');
    expect(await driver.status('201')).toEqual({ state: 'stopped' });
  });

  it('kills a workspace that never reports its port and reports it failed', async () => {
    const driver = driverRunning('silent-workspace.mjs', 300);
    await expect(driver.start(workload('202'))).rejects.toThrow(/did not report its port within 300 ms/);
    expect(await driver.status('202')).toEqual({
      state: 'failed',
      reason: 'workspace did not report its port within 300 ms',
    });
    expect(workspacePids('202')).toEqual([]);
  });

  it('answers starting while the workspace has not reported its port', async () => {
    const driver = driverRunning('silent-workspace.mjs', 1_000);
    const starting = driver.start(workload('203')).catch((error: Error) => error);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await driver.status('203')).toEqual({ state: 'starting' });
    expect(await driver.endpoint('203', 8888)).toBeNull();
    expect(await starting).toBeInstanceOf(Error);
  });
});
