import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/jobs/clock.js';
import { LocalComputeDriver } from '../../src/providers/compute/index.js';
import { eventually, objectStoreIn, workload, workspacePids } from '../helpers/workspaces.js';

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

describe('a start another server over the same DATA_DIR began', () => {
  const recordedPid = (applicationId: string) => {
    try {
      const file = path.join(dataDir, 'apps', applicationId, 'workload.json');
      return (JSON.parse(readFileSync(file, 'utf8')) as { pid: number | null }).pid;
    } catch {
      return null;
    }
  };
  const spawned = (applicationId: string) =>
    eventually(
      async () => recordedPid(applicationId),
      (pid) => pid !== null,
    );

  it('is left to that server, and a stop here ends its process before the port is reported', async () => {
    const starter = driverRunning('silent-workspace.mjs', 60_000);
    const other = driverRunning('silent-workspace.mjs', 60_000);
    const starting = starter.start(workload('204')).catch((error: Error) => error);
    expect(await spawned('204')).not.toBeNull();
    expect(await other.status('204')).toEqual({ state: 'starting' });
    await other.start(workload('204'));
    expect(workspacePids('204', dataDir)).toHaveLength(1);

    await other.stop('204');
    expect(workspacePids('204', dataDir)).toEqual([]);
    expect(await starting).toBeInstanceOf(Error);
    expect(await other.status('204')).toEqual({ state: 'stopped' });
  });

  it('reads one that has not reported its port within the start timeout as failed, and a stop ends it', async () => {
    const starter = driverRunning('silent-workspace.mjs', 60_000);
    const other = driverRunning('silent-workspace.mjs', 300);
    const starting = starter.start(workload('205')).catch((error: Error) => error);
    expect(await spawned('205')).not.toBeNull();
    const seen = await eventually(
      () => other.status('205'),
      (status) => status.state !== 'starting',
    );
    expect(seen).toEqual({ state: 'failed', reason: 'workspace did not report its port within 300 ms' });
    await other.stop('205');
    expect(workspacePids('205', dataDir)).toEqual([]);
    expect(await starting).toBeInstanceOf(Error);
  });

  it('makes one process of two starts at once on two servers', async () => {
    const [first, second] = [
      driverRunning('silent-workspace.mjs', 60_000),
      driverRunning('silent-workspace.mjs', 60_000),
    ];
    const starts = [first, second].map((driver) => driver.start(workload('206')).catch((error: Error) => error));
    // The start that lost the claim returns at once; the other waits for a port the silent workspace never reports.
    await Promise.race(starts);
    expect(await spawned('206')).not.toBeNull();
    expect(workspacePids('206', dataDir)).toHaveLength(1);
    await Promise.all([first.stop('206'), second.stop('206')]);
    expect(workspacePids('206', dataDir)).toEqual([]);
    await Promise.all(starts);
  });
});
