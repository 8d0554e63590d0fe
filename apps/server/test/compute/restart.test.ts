import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../src/config.js';
import { systemClock } from '../../src/jobs/clock.js';
import { createObjectStore } from '../../src/providers/object-store/index.js';
import { createComputeDriver, type ComputeDriver } from '../../src/providers/compute/index.js';
import { WORKSPACE_LOST } from '../../src/providers/compute/local.js';
import { testConfig } from '../helpers/build-test-app.js';
import { eventually, fetchWorkspace, workload, workspacePids } from '../helpers/workspaces.js';

let dataDir: string;
let config: Config;
let before: ComputeDriver;
let after: ComputeDriver;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'suanli-compute-restart-'));
  config = await testConfig({ DATA_DIR: dataDir });
  before = createComputeDriver(config, { clock: systemClock, objectStore: createObjectStore(config, systemClock) });
  // A second driver over the same DATA_DIR, as the server builds after a restart while the workspaces run on.
  after = createComputeDriver(config, { clock: systemClock, objectStore: createObjectStore(config, systemClock) });
});
afterAll(async () => {
  await Promise.all([before.close(), after.close()]);
  rmSync(dataDir, { recursive: true, force: true });
});

const recordFile = (applicationId: string) => path.join(dataDir, 'apps', applicationId, 'workload.json');

describe('after a server restart', () => {
  it('sees a workspace still running, reaches it, leaves it alone on start and can stop it', async () => {
    await before.start(workload('301'));
    const seenBefore = await before.status('301');
    expect(await after.status('301')).toEqual(seenBefore);
    expect(await after.endpoint('301', 7681)).toEqual(await before.endpoint('301', 8888));
    expect((await fetchWorkspace(after, '301', '/healthz')).status).toBe(200);

    const pids = workspacePids('301');
    await after.start(workload('301'));
    expect(workspacePids('301')).toEqual(pids);

    await after.stop('301');
    expect(await after.status('301')).toEqual({ state: 'stopped' });
    expect(workspacePids('301')).toEqual([]);
  });

  it('reads a workspace whose process is gone without being stopped as failed, until it is stopped', async () => {
    await before.start(workload('302'));
    // The record a crash of the whole machine would leave: the process named in it is gone.
    const record = readFileSync(recordFile('302'), 'utf8');
    await before.stop('302');
    writeFileSync(recordFile('302'), record);
    expect(await after.status('302')).toEqual({ state: 'failed', reason: WORKSPACE_LOST });
    expect(await after.endpoint('302', 8888)).toBeNull();
    await after.stop('302');
    expect(await after.status('302')).toEqual({ state: 'stopped' });
  });

  it('reads a workspace killed while the server was down as failed', async () => {
    await before.start(workload('304'));
    const { pid } = JSON.parse(readFileSync(recordFile('304'), 'utf8')) as { pid: number };
    process.kill(pid, 'SIGKILL');
    await eventually(
      async () => workspacePids('304'),
      (pids) => pids.length === 0,
    );
    expect(await after.status('304')).toEqual({ state: 'failed', reason: WORKSPACE_LOST });
  });

  describe('when another process took the recorded pid and port', () => {
    let stranger: Server;
    beforeAll(async () => {
      stranger = createServer((_request, response) => response.end('ok'));
      await new Promise<void>((resolve) => stranger.listen(0, '127.0.0.1', resolve));
    });
    afterAll(() => new Promise<void>((resolve) => stranger.close(() => resolve())));

    it('neither reports it running nor kills it', async () => {
      await before.start(workload('303'));
      await before.stop('303');
      const port = (stranger.address() as { port: number }).port;
      const record = { pid: process.pid, port, startedAt: new Date().toISOString(), linkPorts: [8888] };
      writeFileSync(recordFile('303'), JSON.stringify(record));
      expect(await after.status('303')).toEqual({ state: 'failed', reason: WORKSPACE_LOST });
      expect(await after.endpoint('303', 8888)).toBeNull();
      await after.stop('303');
      // This test's own process, named by the record, is still here to check.
      expect(process.kill(process.pid, 0)).toBe(true);
    });
  });
});
