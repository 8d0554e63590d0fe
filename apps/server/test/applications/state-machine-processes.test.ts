import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { workspaceProcesses } from './state-machine/workspace-processes.js';

const children: ChildProcess[] = [];
afterEach(() => {
  children.splice(0).forEach((child) => child.kill('SIGKILL'));
});

/** A process with the environment the local driver gives the workspace of `applicationId` under `dataDir`. */
async function workspaceLike(dataDir: string, applicationId: string, hostName: string): Promise<number> {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], {
    env: {
      SUANLI_APPLICATION_ID: applicationId,
      SUANLI_DATA_DIR: path.join(dataDir, 'apps', applicationId, 'data'),
      SUANLI_HOST_NAME: hostName,
      CUDA_VISIBLE_DEVICES: '2',
    },
    stdio: 'ignore',
  });
  children.push(child);
  await new Promise((resolve) => child.once('spawn', resolve));
  return child.pid!;
}

// The state machine judges the workloads it finds on the machine against its own database: a journey's server or a
// dev server running beside it (its applications numbered from 1 too) once had its workspace counted as the
// state machine's, "destroyed in the database but its workload runs" on a host its fleet does not even have.
describe('the workspace processes the state machine checks', () => {
  it('are those of its own deployment, not another deployment’s of the same application id', async () => {
    const ours = mkdtempSync(path.join(tmpdir(), 'suanli-apps-'));
    const theirs = mkdtempSync(path.join(tmpdir(), 'suanli-e2e-'));
    const own = await workspaceLike(ours, '3', 'sm-1');
    await workspaceLike(theirs, '3', 'e1-4090-01');

    expect(workspaceProcesses(ours, new Set(['3']))).toEqual([
      { pid: own, applicationId: '3', hostName: 'sm-1', gpuIndexes: [2], frozen: false },
    ]);
  });
});
