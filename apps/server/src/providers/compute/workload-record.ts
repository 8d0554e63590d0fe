import { request } from 'node:http';
import { readFile, rename, writeFile } from 'node:fs/promises';

/**
 * What `DATA_DIR/apps/<id>/workload.json` keeps of a running workspace, so that a driver started after a server
 * restart can find a process it did not start itself.
 */
export interface WorkloadRecord {
  pid: number;
  port: number;
  startedAt: string;
  /** The ports the image declares among its links: the ones `endpoint` answers for. */
  linkPorts: number[];
}

export async function readRecord(file: string): Promise<WorkloadRecord | null> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as WorkloadRecord;
  } catch {
    return null;
  }
}

/** Written whole or not at all, so that a crash mid-write never leaves a record that cannot be read. */
export async function writeJson(file: string, value: unknown): Promise<void> {
  await writeFile(`${file}.tmp`, JSON.stringify(value));
  await rename(`${file}.tmp`, file);
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: a process of another user holds the pid, which the health check then tells apart.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Whether `pid` is the workspace process of `applicationId`, told by the environment the driver gave it, where the
 * system shows it (/proc): a workspace that hangs answers no health check, yet must still be ended.
 */
export async function isWorkspaceOf(pid: number, applicationId: string): Promise<boolean> {
  const environment = await readFile(`/proc/${pid}/environ`, 'utf8').catch(() => '');
  return environment.split('\0').includes(`SUANLI_APPLICATION_ID=${applicationId}`);
}

/** Whether `port` answers `/healthz` as the workspace of `applicationId`, and not as whatever reused the port. */
export function answersHealth(port: number, applicationId: string, timeoutMs = 1_000): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = request({ host: '127.0.0.1', port, path: '/healthz', timeout: timeoutMs }, (response) => {
      response.resume();
      resolve(response.statusCode === 200 && response.headers['x-suanli-application'] === applicationId);
    });
    probe.on('timeout', () => probe.destroy());
    probe.on('error', () => resolve(false));
    probe.end();
  });
}

/** Resolves true when `promise` settles within `ms`, false otherwise; the timer never outlives the wait. */
export async function within(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([promise.then(() => true), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function gone(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (isAlive(pid)) {
    if (Date.now() >= deadline) {
      return false;
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return true;
}

/** Ends a process this driver did not start (no exit event to wait for): SIGTERM, then SIGKILL after the grace. */
export async function endProcess(pid: number, graceMs: number): Promise<void> {
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(pid, name);
    } catch {
      // Already gone.
    }
  };
  signal('SIGTERM');
  if (!(await gone(pid, graceMs))) {
    signal('SIGKILL');
    await gone(pid, graceMs);
  }
}
