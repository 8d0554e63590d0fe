import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, readFile, realpath, rename, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import type { Clock } from '../../jobs/clock.js';
import type { ObjectStore } from '../object-store/types.js';
import { archiveFolder, restoreFolder } from './disk-archive.js';
import { discoverGpus } from './gpus.js';
import type {
  ComputeDriver,
  DiscoveredHost,
  IncomingFile,
  Workload,
  WorkloadEndpoint,
  WorkloadState,
} from './types.js';
import { OutsideDiskError, segmentsOf } from './workspace/files.mjs';
import {
  createExclusive,
  endProcess,
  inspectRecord,
  readRecord,
  within,
  writeJson,
  type WorkloadRecord,
} from './workload-record.js';
import { lastLines, reportedPort, workspaceEnvironment } from './workspace-process.js';

export interface LocalComputeOptions {
  dataDir: string;
  clock: Clock;
  /** Where saved images' archives go (`snapshot`) and come from (`restoreFrom`). */
  objectStore: Pick<ObjectStore, 'put' | 'open'>;
  /** How long a workspace may take to report its port before it is killed and reported failed. */
  startTimeoutMs: number;
  /** The program each workspace runs; tests give another to watch one crash. */
  workspaceScript?: string;
  /** The `nvidia-smi` command that lists this host's GPUs (NVIDIA_SMI); unset, `nvidia-smi` on the PATH. */
  nvidiaSmi?: string;
}

/**
 * The reason of a workspace found gone after a server restart (a contract message key): the server did not stop it,
 * so it crashed, was killed, or the machine went down meanwhile.
 */
export const WORKSPACE_LOST = 'applications.reasons.workspaceLost';

/** A workspace this driver started; it stays in memory until the process has ended. */
interface Child {
  process: ChildProcess;
  /** Null while starting: the child has not yet reported the port it listens on. */
  port: number | null;
  startedAt: Date | null;
  linkPorts: number[];
  stopping: boolean;
  stderr: string;
  exited: Promise<void>;
}

const WORKSPACE_SCRIPT = fileURLToPath(new URL('./workspace/server.mjs', import.meta.url));
const STOP_GRACE_MS = 3_000;
// Digits in practice (ids are bigints): refusing anything else keeps every path below DATA_DIR/apps.
const SAFE_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The `local` driver (ARCHITECTURE §5): each application's workspace is a Node process on this host, with its data
 * disk in `DATA_DIR/apps/<id>/data` and a private port on 127.0.0.1. One workspace process serves every link of
 * an application here, so `endpoint` answers the same port for each port its image declares.
 */
export class LocalComputeDriver implements ComputeDriver {
  readonly kind = 'local' as const;
  private readonly root: string;
  private readonly children = new Map<string, Child>();
  private readonly failures = new Map<string, string>();
  // Snapshots being written, by object key.
  private readonly snapshots = new Map<string, Promise<number>>();
  // start, stop, destroy and resize of one application run one at a time, so two starts make one process.
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(private readonly options: LocalComputeOptions) {
    this.root = path.resolve(options.dataDir, 'apps');
  }

  start(workload: Workload): Promise<void> {
    return this.serial(workload.applicationId, () => this.startNow(workload));
  }

  stop(applicationId: string): Promise<void> {
    return this.serial(applicationId, () => this.stopNow(applicationId));
  }

  destroy(applicationId: string): Promise<void> {
    return this.serial(applicationId, async () => {
      await this.stopNow(applicationId);
      await rm(this.folder(applicationId), { recursive: true, force: true });
    });
  }

  async status(applicationId: string): Promise<WorkloadState> {
    const folder = this.folder(applicationId);
    const child = this.children.get(applicationId);
    if (child) {
      return child.port === null ? { state: 'starting' } : { state: 'running', startedAt: child.startedAt! };
    }
    const failure = this.failures.get(applicationId);
    if (failure !== undefined) {
      return { state: 'failed', reason: failure };
    }
    const record = await readRecord(this.recordFile(applicationId));
    if (!record) {
      return existsSync(folder) ? { state: 'stopped' } : { state: 'missing' };
    }
    switch (await this.inspect(applicationId, record)) {
      case 'running':
        return { state: 'running', startedAt: new Date(record.startedAt!) };
      case 'starting':
        // Another server over this DATA_DIR is starting it: starting it here too would make two processes.
        return { state: 'starting' };
      case 'hung':
        return { state: 'failed', reason: record.port === null ? this.silence() : WORKSPACE_LOST };
      default:
        // A record is removed by every stop, so one naming a process that is gone was left by a workspace that ended
        // on its own: reporting it stopped would have the reconciler start it again as if nothing had happened.
        return { state: 'failed', reason: WORKSPACE_LOST };
    }
  }

  async capacity(): Promise<DiscoveredHost[] | null> {
    const gpus = await discoverGpus(this.options.nvidiaSmi);
    if (!gpus?.length) {
      return null;
    }
    return [{ name: os.hostname(), gpus: gpus.map(({ index, name }) => ({ index, model: name })) }];
  }

  async endpoint(applicationId: string, port: number): Promise<WorkloadEndpoint | null> {
    this.folder(applicationId);
    const child = this.children.get(applicationId);
    const running = child?.port
      ? { port: child.port, linkPorts: child.linkPorts }
      : await this.foundRunning(applicationId);
    if (!running?.linkPorts.includes(port)) {
      return null;
    }
    return { host: '127.0.0.1', port: running.port };
  }

  /**
   * Archives the data disk as it is, running or not: what a user saves is what its files hold at that moment. A
   * snapshot of a key already being written (the minute job finding the image still uploading) joins that one
   * rather than archiving the disk a second time.
   */
  snapshot(applicationId: string, key: string, onProgress?: (done: number) => void): Promise<number> {
    const running = this.snapshots.get(key);
    if (running) {
      return running;
    }
    const disk = path.join(this.folder(applicationId), 'data');
    const archived = existsSync(disk)
      ? archiveFolder(this.options.objectStore, { folder: disk, key, onProgress })
      : Promise.reject(new Error(`application ${applicationId} has no data disk here`));
    const tracked = archived.finally(() => this.snapshots.delete(key));
    this.snapshots.set(key, tracked);
    return tracked;
  }

  resizeDisk(applicationId: string, dataDiskGb: number): Promise<void> {
    return this.serial(applicationId, async () => {
      // A workload not yet created gets its size from the workload that `start` is given.
      if (existsSync(this.folder(applicationId))) {
        await this.recordDisk(applicationId, dataDiskGb);
      }
    });
  }

  /**
   * Streams each file into a temporary name beside its place and renames it there when whole, so the workspace never
   * lists half a file. A path is placed by the rules the workspace's file browser reads the disk by (files.mjs), and
   * its folder is resolved before writing, so neither `..` nor a symlink the user made leads off the disk.
   */
  async copyIn(
    applicationId: string,
    files: readonly IncomingFile[],
    onProgress: (bytesDone: number) => void | Promise<void>,
  ): Promise<void> {
    const disk = path.join(this.folder(applicationId), 'data');
    const placed = files.map((file) => ({ file, segments: segmentsOf(file.path) }));
    const empty = placed.find(({ segments }) => segments.length === 0);
    if (empty) {
      throw new OutsideDiskError(empty.file.path);
    }
    await mkdir(disk, { recursive: true });
    const root = await realpath(disk);
    let done = 0;
    for (const { file, segments } of placed) {
      const folder = path.join(root, ...segments.slice(0, -1));
      await mkdir(folder, { recursive: true });
      const real = await realpath(folder);
      if (real !== root && !real.startsWith(root + path.sep)) {
        throw new OutsideDiskError(file.path);
      }
      const target = path.join(real, segments.at(-1)!);
      const partial = path.join(real, `.${segments.at(-1)!}.${randomUUID()}.part`);
      const counting = new Transform({
        transform(chunk: Buffer, _encoding, next) {
          done += chunk.length;
          Promise.resolve(onProgress(done)).then(() => next(null, chunk), next);
        },
      });
      try {
        await pipeline(await file.open(), counting, createWriteStream(partial));
        await rename(partial, target);
      } finally {
        await rm(partial, { force: true });
      }
    }
  }

  async close(): Promise<void> {
    // A start already queued would otherwise spawn a workspace after the close.
    await Promise.all(this.queues.values());
    await Promise.all([...this.children.keys()].map((applicationId) => this.stop(applicationId)));
  }

  private folder(applicationId: string): string {
    if (!SAFE_ID.test(applicationId)) {
      throw new Error(`unsafe application id: ${applicationId}`);
    }
    return path.join(this.root, applicationId);
  }

  private recordFile = (applicationId: string) => path.join(this.folder(applicationId), 'workload.json');
  private diskFile = (applicationId: string) => path.join(this.folder(applicationId), 'disk.json');

  private serial<T>(applicationId: string, task: () => Promise<T>): Promise<T> {
    const next = (this.queues.get(applicationId) ?? Promise.resolve()).then(task);
    const settled = next.catch(() => undefined);
    this.queues.set(applicationId, settled);
    void settled.then(() => {
      if (this.queues.get(applicationId) === settled) {
        this.queues.delete(applicationId);
      }
    });
    return next;
  }

  /** A workspace left by an earlier server (its record names a live pid whose port answers as this application). */
  private async foundRunning(applicationId: string) {
    const record = await readRecord(this.recordFile(applicationId));
    return record?.port && (await this.inspect(applicationId, record)) === 'running'
      ? { port: record.port, linkPorts: record.linkPorts }
      : null;
  }

  /** The process of a workspace another server started, answering or not (a hung one must be ended all the same). */
  private async foundWorkspace(applicationId: string) {
    const record = await readRecord(this.recordFile(applicationId));
    return record?.pid && (await this.inspect(applicationId, record)) !== 'gone' ? record.pid : null;
  }

  private inspect = (applicationId: string, record: WorkloadRecord) =>
    inspectRecord(applicationId, record, this.options.startTimeoutMs);

  private silence = () => `workspace did not report its port within ${this.options.startTimeoutMs} ms`;

  /**
   * Takes the application's record before spawning, so that of two servers over one DATA_DIR only one starts it
   * (their reconcilers may both have seen it stopped). A record whose workspace is gone is taken over.
   */
  private async claim(applicationId: string): Promise<WorkloadRecord | null> {
    const file = this.recordFile(applicationId);
    const claim = { pid: null, port: null, startedAt: null, claimedAt: new Date().toISOString(), linkPorts: [] };
    for (let attempt = 0; attempt < 2; attempt += 1) {
      if (await createExclusive(file, claim)) {
        return claim;
      }
      const record = await readRecord(file);
      if (record && (await this.inspect(applicationId, record)) !== 'gone') {
        return null;
      }
      await rm(file, { force: true });
    }
    return null;
  }

  private async startNow(workload: Workload): Promise<void> {
    const id = workload.applicationId;
    if (this.children.has(id)) {
      return;
    }
    this.failures.delete(id);
    const disk = path.join(this.folder(id), 'data');
    if (workload.restoreFrom !== undefined && !existsSync(disk)) {
      await mkdir(this.folder(id), { recursive: true });
      await restoreFolder(this.options.objectStore, workload.restoreFrom, disk).catch((error: unknown) => {
        const reason = error instanceof Error ? error.message : String(error);
        this.failures.set(id, reason);
        throw error;
      });
    }
    await mkdir(disk, { recursive: true });
    await this.recordDisk(id, workload.dataDiskGb);
    const claim = await this.claim(id);
    if (claim) {
      await this.spawnWorkspace(workload, claim);
    }
  }

  private async spawnWorkspace(workload: Workload, claim: WorkloadRecord): Promise<void> {
    const id = workload.applicationId;
    const folder = this.folder(id);
    const workspace = spawn(process.execPath, [this.options.workspaceScript ?? WORKSPACE_SCRIPT], {
      env: workspaceEnvironment(workload, { dataDir: path.join(folder, 'data'), diskFile: this.diskFile(id) }),
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    const exited = new Promise<void>((resolve) => {
      workspace.once('close', (code, signal) => resolve(this.ended(id, child, code === null ? signal : code)));
      workspace.once('error', (error) => resolve(this.ended(id, child, error.message)));
    });
    const linkPorts = workload.image.links.map((link) => link.port);
    const child: Child = {
      process: workspace,
      port: null,
      startedAt: null,
      linkPorts,
      stopping: false,
      stderr: '',
      exited,
    };
    this.children.set(id, child);
    workspace.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      child.stderr = lastLines(child.stderr + chunk);
    });
    // Its pid at once: a server that dies before the port is reported leaves a process another can still end.
    const record = { ...claim, pid: workspace.pid ?? null, linkPorts };
    await writeJson(this.recordFile(id), record);
    const port = await reportedPort(workspace, exited, this.options.startTimeoutMs);
    if (port === null) {
      if (this.children.get(id) === child) {
        child.stopping = true;
        workspace.kill('SIGKILL');
        await exited;
        this.failures.set(id, this.silence());
      }
      throw new Error(this.failures.get(id) ?? 'workspace ended before reporting its port');
    }
    Object.assign(child, { port, startedAt: this.options.clock.now() });
    await writeJson(this.recordFile(id), { ...record, port, startedAt: child.startedAt!.toISOString() });
  }

  /** A workspace ended: on its own with an error (or before it was ready), it is `failed` with its last stderr. */
  private ended(id: string, child: Child, how: number | string | null): void {
    if (this.children.get(id) !== child) {
      return;
    }
    this.children.delete(id);
    if (child.stopping || (child.port !== null && how === 0)) {
      return;
    }
    const cause = typeof how === 'number' ? `exited with code ${how}` : `ended by ${how}`;
    const stderr = child.stderr.trim();
    this.failures.set(id, stderr ? `${cause}: ${stderr}` : cause);
  }

  private async stopNow(applicationId: string): Promise<void> {
    const child = this.children.get(applicationId);
    if (child) {
      child.stopping = true;
      child.process.kill('SIGTERM');
      if (!(await within(child.exited, STOP_GRACE_MS))) {
        child.process.kill('SIGKILL');
        await child.exited;
      }
    } else {
      const pid = await this.foundWorkspace(applicationId);
      if (pid) {
        await endProcess(pid, STOP_GRACE_MS);
      }
    }
    this.failures.delete(applicationId);
    await rm(this.recordFile(applicationId), { force: true });
  }

  /** Keeps the larger of the recorded and the given size: a disk never shrinks. The workspace page reads it. */
  private async recordDisk(applicationId: string, dataDiskGb: number): Promise<void> {
    const file = this.diskFile(applicationId);
    const recorded = await readFile(file, 'utf8').then(
      (text) => Number((JSON.parse(text) as { dataDiskGb?: number }).dataDiskGb ?? 0),
      () => 0,
    );
    await writeJson(file, { dataDiskGb: Math.max(recorded, dataDiskGb) });
  }
}
