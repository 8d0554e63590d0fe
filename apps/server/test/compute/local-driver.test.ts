import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../src/config.js';
import { systemClock } from '../../src/jobs/clock.js';
import { createObjectStore } from '../../src/providers/object-store/index.js';
import { createComputeDriver, type ComputeDriver } from '../../src/providers/compute/index.js';
import { webSocketRoundTrip } from '../fixtures/raw-websocket.js';
import { testConfig } from '../helpers/build-test-app.js';
import { eventually, fetchWorkspace, workload, workspacePids } from '../helpers/workspaces.js';

let dataDir: string;
let config: Config;
let driver: ComputeDriver;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'suanli-compute-'));
  config = await testConfig({ DATA_DIR: dataDir });
  driver = createComputeDriver(config, { clock: systemClock, objectStore: createObjectStore(config, systemClock) });
});
afterAll(async () => {
  await driver.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const disk = (applicationId: string, ...segments: string[]) =>
  path.join(dataDir, 'apps', applicationId, 'data', ...segments);

describe('a running workspace', () => {
  beforeAll(async () => {
    await driver.start(workload('101'));
  });

  it('is running, reached on one private port for every link its image declares', async () => {
    const status = await driver.status('101');
    expect(status.state).toBe('running');
    const jupyter = await driver.endpoint('101', 8888);
    expect(jupyter).toEqual({ host: '127.0.0.1', port: expect.any(Number) });
    expect(await driver.endpoint('101', 7681)).toEqual(jupyter);
    expect(await driver.endpoint('101', 9999)).toBeNull();
    const health = await fetchWorkspace(driver, '101', '/healthz');
    expect([health.status, await health.text()]).toEqual([200, 'ok']);
  });

  it('shows the application’s facts in Chinese by default and in English when asked', async () => {
    const zh = await (await fetchWorkspace(driver, '101', '/')).text();
    expect(zh).toContain('<html lang="zh-CN">');
    for (const fact of ['PyTorch 2.3 + JupyterLab', 'RTX 4090 × 2', 'CUDA_VISIBLE_DEVICES=2,3', '模拟', '50 GB']) {
      expect(zh).toContain(fact);
    }
    expect(zh).toContain('sim-bj-01');
    expect(zh).toMatch(/运行时长<\/dt><dd>\d+ 秒/);
    const en = await (await fetchWorkspace(driver, '101', '/', 'en-US,en;q=0.9,zh-CN;q=0.5')).text();
    expect(en).toContain('<html lang="en-US">');
    for (const fact of [
      'CUDA_VISIBLE_DEVICES=2,3',
      'simulated',
      'Data disk',
      'Files on the data disk',
      'JupyterLab :8888',
    ]) {
      expect(en).toContain(fact);
    }
    expect(await (await fetchWorkspace(driver, '101', '/', 'zh-CN,en;q=0.8')).text()).toContain('数据盘文件');
  });

  it('browses the data disk: folders, sizes and downloads', async () => {
    mkdirSync(disk('101', 'models'), { recursive: true });
    writeFileSync(disk('101', 'hello.txt'), 'hello');
    writeFileSync(disk('101', 'models', 'readme 说明.md'), '# weights');
    const root = await (await fetchWorkspace(driver, '101', '/')).text();
    expect(root).toContain('href="/?path=models">models/</a>');
    expect(root).toMatch(/hello\.txt<\/a><\/td><td>5 B/);
    const models = await (await fetchWorkspace(driver, '101', '/?path=models')).text();
    expect(models).toContain('readme 说明.md');
    const download = await fetchWorkspace(driver, '101', `/files?path=${encodeURIComponent('models/readme 说明.md')}`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain(encodeURIComponent('readme 说明.md'));
    expect(await download.text()).toBe('# weights');
    expect((await fetchWorkspace(driver, '101', '/?path=nothing-here')).status).toBe(404);
  });

  it('refuses every path that leaves the data disk', async () => {
    writeFileSync(path.join(dataDir, 'outside.txt'), 'secret');
    symlinkSync(dataDir, disk('101', 'escape'));
    symlinkSync(path.join(dataDir, 'outside.txt'), disk('101', 'secret.txt'));
    for (const target of [
      '/?path=../..',
      '/?path=models/../../..',
      '/files?path=../workload.json',
      '/files?path=%2Fetc%2Fpasswd',
      '/?path=escape',
      '/files?path=escape/outside.txt',
      '/files?path=secret.txt',
    ]) {
      const response = await fetchWorkspace(driver, '101', target, 'en-US');
      expect([target, response.status]).toEqual([target, 400]);
      expect(await response.text()).not.toContain('secret');
    }
    const root = await (await fetchWorkspace(driver, '101', '/')).text();
    expect(root).not.toContain('escape');
    expect(root).not.toContain('secret.txt');
  });

  it('echoes WebSocket messages on /ws, for the application proxy to carry', async () => {
    const { port } = (await driver.endpoint('101', 8888))!;
    expect(await webSocketRoundTrip(port, { path: '/ws', message: '你好 workspace' })).toEqual({
      status: 101,
      accepted: true,
      echoed: '你好 workspace',
    });
    expect((await webSocketRoundTrip(port, { path: '/elsewhere', message: 'x' })).status).toBe(404);
  });

  it('shows a grown data disk and never a shrunk one', async () => {
    await driver.resizeDisk('101', 80);
    expect(await (await fetchWorkspace(driver, '101', '/')).text()).toContain('80 GB');
    await driver.resizeDisk('101', 60);
    expect(await (await fetchWorkspace(driver, '101', '/')).text()).toContain('80 GB');
  });
});

describe('the lifecycle', () => {
  it('starts one process for two starts at once, and keeps the data disk over stop and start', async () => {
    await Promise.all([driver.start(workload('102')), driver.start(workload('102'))]);
    const [first] = workspacePids('102');
    expect(workspacePids('102')).toEqual([first]);
    await driver.start(workload('102'));
    expect(workspacePids('102')).toEqual([first]);
    writeFileSync(disk('102', 'notes.txt'), 'kept');

    await driver.stop('102');
    expect(await driver.status('102')).toEqual({ state: 'stopped' });
    expect(workspacePids('102')).toEqual([]);
    expect(await driver.endpoint('102', 8888)).toBeNull();
    await driver.stop('102');

    await driver.start(workload('102'));
    expect((await driver.status('102')).state).toBe('running');
    expect(workspacePids('102')).toHaveLength(1);
    expect(workspacePids('102')).not.toContain(first);
    expect(await (await fetchWorkspace(driver, '102', '/')).text()).toContain('notes.txt');
  });

  it('destroys a workload: its process ends and its folder is removed', async () => {
    await driver.start(workload('103'));
    await driver.destroy('103');
    expect(await driver.status('103')).toEqual({ state: 'missing' });
    expect(existsSync(path.join(dataDir, 'apps', '103'))).toBe(false);
    expect(workspacePids('103')).toEqual([]);
    await driver.destroy('103');
    expect(await driver.status('never-created')).toEqual({ state: 'missing' });
  });

  it('reports a workspace killed from outside as failed, and starts it again', async () => {
    await driver.start(workload('104'));
    const [pid] = workspacePids('104');
    process.kill(pid!, 'SIGKILL');
    const status = await eventually(
      () => driver.status('104'),
      (seen) => seen.state === 'failed',
    );
    expect(status).toEqual({ state: 'failed', reason: 'ended by SIGKILL' });
    expect(await driver.endpoint('104', 8888)).toBeNull();
    await driver.start(workload('104'));
    expect((await driver.status('104')).state).toBe('running');
  });

  it('refuses an application id that could name a path outside its folder', async () => {
    await expect(driver.start(workload('../104'))).rejects.toThrow(/unsafe application id/);
    await expect(driver.status('a/b')).rejects.toThrow(/unsafe application id/);
  });
});
