import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** A workspace process of the local driver as /proc shows it: whose it is, which GPUs it was given, whether it runs. */
export interface WorkspaceProcess {
  pid: number;
  applicationId: string;
  hostName: string;
  gpuIndexes: number[];
  /** SIGSTOPped: alive and holding its GPUs, but it answers nothing. */
  frozen: boolean;
}

function read(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

/** The state letter of /proc/<pid>/stat (after the command name, which may hold spaces). */
const stateOf = (stat: string) => stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);

/**
 * Every live workspace process of the deployment whose DATA_DIR is `dataDir` whose application is one of
 * `applicationIds` (zombies left out: they hold nothing). Read from the environment the driver gave each
 * (workspace-process.ts), so a process the server no longer knows of is found too. Told by its data disk, not by its
 * application id alone: another deployment on this machine (a journey's server, a dev server) numbers its
 * applications from 1 too, and its workspaces are neither this cluster's to count nor its faults' to kill.
 */
export function workspaceProcesses(dataDir: string, applicationIds: ReadonlySet<string>): WorkspaceProcess[] {
  const found: WorkspaceProcess[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) {
      continue;
    }
    const environ = read(`/proc/${name}/environ`);
    if (!environ?.includes('SUANLI_APPLICATION_ID=')) {
      continue;
    }
    const env = new Map(
      environ
        .split('\0')
        .filter((entry) => entry.includes('='))
        .map((entry) => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)] as const),
    );
    const applicationId = env.get('SUANLI_APPLICATION_ID')!;
    const ours = env.get('SUANLI_DATA_DIR') === path.join(path.resolve(dataDir), 'apps', applicationId, 'data');
    const stat = read(`/proc/${name}/stat`);
    if (!ours || !applicationIds.has(applicationId) || stat === null || stateOf(stat) === 'Z') {
      continue;
    }
    found.push({
      pid: Number(name),
      applicationId,
      hostName: env.get('SUANLI_HOST_NAME') ?? '',
      gpuIndexes: (env.get('CUDA_VISIBLE_DEVICES') ?? '').split(',').filter(Boolean).map(Number),
      frozen: stateOf(stat) === 'T',
    });
  }
  return found;
}

export function signal(pid: number, name: NodeJS.Signals): boolean {
  try {
    process.kill(pid, name);
    return true;
  } catch {
    return false;
  }
}

/**
 * Freezes the workspace the driver is about to start for the application before it reports its port, so that the
 * start times out as a hung image pull or a stuck entry point would: polls for its process for up to `withinMs`.
 * Answers whether it caught one (a start that wins the race simply runs).
 */
export async function freezeWhenSpawned(dataDir: string, applicationId: string, withinMs: number): Promise<boolean> {
  const ids = new Set([applicationId]);
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    const [spawned] = workspaceProcesses(dataDir, ids);
    if (spawned) {
      return signal(spawned.pid, 'SIGSTOP');
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return false;
}
