import type { ChildProcess } from 'node:child_process';
import type { Workload } from './types.js';
import { within } from './workload-record.js';

const STDERR_LINES = 20;
const STDERR_CHARS = 2_000;

/** The end of a workspace's stderr, kept as the reason when it fails. */
export const lastLines = (text: string) =>
  text
    .split('\n')
    .slice(-STDERR_LINES - 1)
    .join('\n')
    .slice(-STDERR_CHARS);

/**
 * A workspace's whole environment: the application's facts and nothing of the server's own environment, which holds
 * its secrets (database URL, keys) and must not reach a workspace.
 */
export function workspaceEnvironment(
  workload: Workload,
  disk: { dataDir: string; diskFile: string },
): NodeJS.ProcessEnv {
  return {
    CUDA_VISIBLE_DEVICES: workload.gpu.indexes.join(','),
    SUANLI_APPLICATION_ID: workload.applicationId,
    SUANLI_DATA_DIR: disk.dataDir,
    SUANLI_DISK_FILE: disk.diskFile,
    SUANLI_IMAGE_NAME: workload.image.name,
    SUANLI_GPU_MODEL: workload.gpu.model,
    SUANLI_GPU_COUNT: String(workload.gpu.indexes.length),
    SUANLI_GPU_SIMULATED: workload.gpu.simulated ? '1' : '0',
    SUANLI_HOST_NAME: workload.hostName,
    SUANLI_DATA_DISK_GB: String(workload.dataDiskGb),
    SUANLI_LINKS: JSON.stringify(workload.image.links),
  };
}

/** The port a workspace reports over IPC once it listens; null when it ends first or stays silent past `timeoutMs`. */
export async function reportedPort(
  workspace: ChildProcess,
  exited: Promise<void>,
  timeoutMs: number,
): Promise<number | null> {
  let port: number | null = null;
  const reported = new Promise<void>((resolve) => {
    workspace.on('message', (message: { type?: string; port?: unknown } | null) => {
      if (message?.type === 'ready' && typeof message.port === 'number') {
        port = message.port;
        resolve();
      }
    });
  });
  await within(Promise.race([reported, exited]), timeoutMs);
  return port;
}
