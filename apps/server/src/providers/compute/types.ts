import type { Readable } from 'node:stream';
import type { catalogue } from '@suanli/contract';
import type { Config } from '../../config.js';

/** What a driver needs to run one application's workspace: all it is told, so that a call can be repeated. */
export interface Workload {
  /** The application's id as text: the driver's key for everything it keeps. */
  applicationId: string;
  image: { id: string; name: string; links: catalogue.ImageLink[] };
  gpu: {
    model: string;
    /** The GPUs given to it on its host, as `nvidia-smi` numbers them (CUDA_VISIBLE_DEVICES). */
    indexes: number[];
    /** Whether they come from the simulated fleet of the configuration rather than real hardware. */
    simulated: boolean;
  };
  hostName: string;
  /** Data disk size in GB (the free 50 plus any expansion). */
  dataDiskGb: number;
  /**
   * Created from a saved image: the object-store key of the archive (a gzipped tar) unpacked onto the data disk when the
   * disk is created, before the first start; a disk that exists already is left as it is.
   */
  restoreFrom?: string;
}

/** What a driver sees of a workload: the reconciler turns it into the application's observed status. */
export type WorkloadState =
  | { state: 'running'; startedAt: Date }
  | { state: 'starting' }
  | { state: 'stopped' }
  /** Nothing is known of it: never created, or destroyed. */
  | { state: 'missing' }
  /**
   * Why, in the driver's own words (a workspace's last stderr lines), or as a contract message key (`hasMessage`)
   * when the cause is one the user should read in their language.
   */
  | { state: 'failed'; reason: string };

/** A machine with GPUs that the driver can run workloads on, as the hardware names them. */
export interface DiscoveredHost {
  /** The host's name, unique among hosts: this machine's hostname, or a Kubernetes node's name. */
  name: string;
  /** Each GPU by its number on the host (CUDA_VISIBLE_DEVICES) and its model as the hardware names it. */
  gpus: { index: number; model: string }[];
  /** The region the host says it is in (a node's `topology.kubernetes.io/region`), when it says one. */
  region?: string;
}

/** Where the application proxy reaches one of a workload's ports, when it runs. */
export interface WorkloadEndpoint {
  host: string;
  port: number;
}

/**
 * A file to put onto an application's data disk (docs/decisions/0027): where it goes, and two ways to its bytes, a
 * stream for a driver that writes the disk itself and a link for one that has the cluster fetch them.
 */
export interface IncomingFile {
  /** Relative to the data disk, `/`-separated; a path that leaves the disk is refused. */
  path: string;
  size: number;
  open(): Promise<Readable>;
  /** A link the bytes can be fetched from by GET, valid long enough for one copy. */
  url(): Promise<string>;
}

/**
 * Runs applications' workspaces (ARCHITECTURE §5). Every call is idempotent and may be repeated after a crash: the
 * reconciler calls it outside any transaction and retries until the observed state agrees with the desired one.
 */
export interface ComputeDriver {
  readonly kind: Config['compute']['driver'];
  /** Creates the workload when it does not exist (with its data disk) and starts it; a running one is left alone. */
  start(workload: Workload): Promise<void>;
  /** Ends the workload's process and keeps its data disk. */
  stop(applicationId: string): Promise<void>;
  /** Ends it and removes its data disk. */
  destroy(applicationId: string): Promise<void>;
  status(applicationId: string): Promise<WorkloadState>;
  endpoint(applicationId: string, port: number): Promise<WorkloadEndpoint | null>;
  /**
   * Archives the data disk (a gzipped tar, paths relative to the disk's root) into the object store under `key`, the
   * application running or not, and answers the archive's size in bytes. Repeatable: a second call writes the key anew.
   * `onProgress` hears the share of the disk's bytes archived so far (0 to 1), where the driver can tell.
   */
  snapshot(applicationId: string, key: string, onProgress?: (done: number) => void): Promise<number>;
  /** Grows the data disk to `dataDiskGb` in all (the free 50 plus any expansion); never shrinks it. */
  resizeDisk(applicationId: string, dataDiskGb: number): Promise<void>;
  /**
   * Writes the files onto the application's data disk, each replacing what was at its path only once it is whole;
   * `onProgress` hears the bytes written so far. Safe to repeat: a copy interrupted by a restart is run again whole.
   */
  copyIn(
    applicationId: string,
    files: readonly IncomingFile[],
    onProgress: (bytesDone: number) => void | Promise<void>,
  ): Promise<void>;
  /**
   * The hosts and GPUs the driver really sees, read at each server start; null when it sees no GPU hardware (no
   * `nvidia-smi` here, no node offering `nvidia.com/gpu`), and the inventory offers the configured fleet instead.
   */
  capacity(): Promise<DiscoveredHost[] | null>;
  /** Ends every process it started (server shutdown); workloads are started again by the reconciler. */
  close(): Promise<void>;
}
