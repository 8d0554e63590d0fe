import { request } from 'node:http';
import { randomUUID } from 'node:crypto';
import { link, readFile, rename, rm, writeFile } from 'node:fs/promises';

/**
 * What `DATA_DIR/apps/<id>/workload.json` keeps of a workspace, so that a driver started after a server restart, or
 * another server over the same DATA_DIR, can find a process it did not start itself. Written when a start is claimed
 * (no pid yet), again once the process is spawned (no port yet), and whole once it reports its port.
 */
export interface WorkloadRecord {
  pid: number | null;
  port: number | null;
  startedAt: string | null;
  /** When the start was claimed; absent from records written before claims were. */
  claimedAt?: string;
  /** The ports the image declares among its links: the ones `endpoint` answers for. */
  linkPorts: number[];
}

/**
 * What a record's workspace is doing, wherever the server that started it is: `starting` within the start timeout
 * of its claim, `hung` when it is alive but answers nothing (or never reported its port in time), `gone` when the
 * process ended or its pid now belongs to another program.
 */
export type RecordedWorkspace = 'running' | 'starting' | 'hung' | 'gone';

export async function inspectRecord(
  applicationId: string,
  record: WorkloadRecord,
  startTimeoutMs: number,
): Promise<RecordedWorkspace> {
  // Real time, not the product clock: the start timeout is a timer in the server that claimed the start.
  const starting = record.port === null && Date.now() - Date.parse(record.claimedAt ?? '') < startTimeoutMs;
  if (record.pid === null || !isAlive(record.pid)) {
    return record.pid === null && starting ? 'starting' : 'gone';
  }
  if (record.port !== null && (await answersHealth(record.port, applicationId))) {
    return 'running';
  }
  if (!(await isWorkspaceOf(record.pid, applicationId))) {
    return 'gone';
  }
  return starting ? 'starting' : 'hung';
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

/**
 * Creates `file`, whole, unless it exists: of two servers claiming one record at once, exactly one gets true. A hard
 * link of a finished temporary file, so that no reader ever sees it half written.
 */
export async function createExclusive(file: string, value: unknown): Promise<boolean> {
  const written = `${file}.${randomUUID()}.tmp`;
  await writeFile(written, JSON.stringify(value));
  try {
    await link(written, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
      return false;
    }
    throw error;
  } finally {
    await rm(written, { force: true });
  }
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
