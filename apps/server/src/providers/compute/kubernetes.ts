import { createHash } from 'node:crypto';
import type { ApiAnswer, KubernetesApi } from './kubernetes-api.js';
import {
  claimManifest,
  claimName,
  copyJobManifest,
  jobOutcome,
  type Job,
  diskQuantity,
  podManifest,
  podName,
  podPorts,
  podState,
  quantityBytes,
  serviceManifest,
  type PersistentVolumeClaim,
  type Pod,
  type ResourceSettings,
} from './kubernetes-resources.js';
import type { ObjectStore } from '../object-store/types.js';
import {
  ARCHIVE_CONTENT_TYPE,
  restoreJobManifest,
  restoreJobName,
  snapshotJobManifest,
  snapshotJobName,
} from './kubernetes-archive.js';
import type {
  ComputeDriver,
  DiscoveredHost,
  IncomingFile,
  Workload,
  WorkloadEndpoint,
  WorkloadState,
} from './types.js';
import { OutsideDiskError, segmentsOf } from './workspace/files.mjs';

export interface KubernetesComputeOptions extends ResourceSettings {
  api: KubernetesApi;
  /** Where saved images' archives go; the Jobs reach it through presigned URLs (kubernetes-archive.ts). */
  objectStore: Pick<ObjectStore, 'presignPut' | 'presignGet' | 'sizeOf'>;
  /** How long a snapshot or restore Job may run before it is given up (and retried by the caller). */
  archiveTimeoutMs?: number;
}

const ARCHIVE_TIMEOUT_MS = 2 * 60 * 60_000;
// A presigned PUT holds one object of at most this much (S3's single-PUT limit).
const SINGLE_PUT_BYTES = 5 * 1024 ** 3;

// How long a copy Job may run before the copy is reported failed.
const COPY_TIMEOUT_MS = 6 * 60 * 60_000;
// How long `stop` waits for a deleted Pod to be gone (its default grace period is 30 s), and how often it looks.
const STOP_TIMEOUT_MS = 60_000;
const POLL_MS = 500;
// The region a node is in, as cloud providers label it (https://kubernetes.io/docs/reference/labels-annotations-taints/#topologykubernetesioregion).
const REGION_LABEL = 'topology.kubernetes.io/region';

interface NodeList {
  metadata?: { continue?: string };
  items: {
    metadata: { name: string; labels?: Record<string, string> };
    status?: { allocatable?: Record<string, string> };
  }[];
}

/**
 * The `kubernetes` driver (ARCHITECTURE §5): per application X, a Pod `suanli-app-X` requesting its GPUs on a node
 * labelled with its model, a PVC `suanli-app-X-data` mounted at /root/data, and a ClusterIP Service
 * `suanli-app-X` over its link ports. The application proxy runs inside the cluster and reaches the Service by its
 * DNS name. Nothing is kept in memory: the cluster is the record, so a restarted server finds everything again.
 */
export class KubernetesComputeDriver implements ComputeDriver {
  readonly kind = 'kubernetes' as const;
  private readonly api: KubernetesApi;

  constructor(private readonly options: KubernetesComputeOptions) {
    this.api = options.api;
  }

  async start(workload: Workload): Promise<void> {
    const id = workload.applicationId;
    const created = await this.create(
      'PersistentVolumeClaim',
      'persistentvolumeclaims',
      claimManifest(workload, this.options),
    );
    if (!created) {
      await this.grow(id, workload.dataDiskGb);
    }
    const service = serviceManifest(workload);
    if (service) {
      await this.create('Service', 'services', service);
    }
    const pod = await this.readPod(id);
    if (pod && pod.status?.phase !== 'Failed' && pod.status?.phase !== 'Succeeded') {
      return;
    }
    if (pod) {
      await this.removePod(id);
    }
    if (workload.restoreFrom !== undefined) {
      await this.restore(id, workload.restoreFrom);
    }
    await this.create('Pod', 'pods', podManifest(workload, this.options));
  }

  /**
   * A Job tars the PVC (read-only, on the node where the workspace has it attached) and PUTs the archive to a
   * presigned URL of `key`; answers the stored object's size once the Job has succeeded.
   */
  async snapshot(applicationId: string, key: string, onProgress?: (done: number) => void): Promise<number> {
    const timeoutMs = this.options.archiveTimeoutMs ?? ARCHIVE_TIMEOUT_MS;
    const upload = await this.options.objectStore.presignPut(key, {
      contentTypes: [ARCHIVE_CONTENT_TYPE],
      maxBytes: SINGLE_PUT_BYTES,
      expiresInSeconds: Math.ceil(timeoutMs / 1000),
    });
    const name = snapshotJobName(applicationId, key);
    await this.runJob(name, timeoutMs, async () =>
      snapshotJobManifest(applicationId, key, {
        uploadUrl: upload.url,
        jobImage: this.options.jobImage,
        nodeName: (await this.readPod(applicationId))?.spec?.nodeName,
      }),
    );
    onProgress?.(1);
    const size = await this.options.objectStore.sizeOf(key);
    if (size === null) {
      throw new Error(`the snapshot Job ${name} succeeded but ${key} is not in the object store`);
    }
    return size;
  }

  stop(applicationId: string): Promise<void> {
    return this.removePod(applicationId);
  }

  async destroy(applicationId: string): Promise<void> {
    await this.removePod(applicationId);
    await this.remove('Service', 'services', podName(applicationId));
    await this.remove('PersistentVolumeClaim', 'persistentvolumeclaims', claimName(applicationId));
  }

  async status(applicationId: string): Promise<WorkloadState> {
    const pod = await this.readPod(applicationId);
    if (pod) {
      return podState(pod);
    }
    return (await this.readClaim(applicationId)) ? { state: 'stopped' } : { state: 'missing' };
  }

  async endpoint(applicationId: string, port: number): Promise<WorkloadEndpoint | null> {
    const pod = await this.readPod(applicationId);
    if (!pod || podState(pod).state !== 'running' || !podPorts(pod).includes(port)) {
      return null;
    }
    return { host: `${podName(applicationId)}.${this.options.namespace}.svc`, port };
  }

  async resizeDisk(applicationId: string, dataDiskGb: number): Promise<void> {
    // A claim not yet created gets its size from the workload that `start` is given.
    await this.grow(applicationId, dataDiskGb);
  }

  /**
   * Runs a Job that fetches each file's link onto the application's PVC (copyJobManifest) and waits for it. The Job is
   * named after the copy, so a call repeated after a restart waits for the Job already running; the cluster reports
   * no bytes on the way, so progress jumps to the total when it completes.
   */
  async copyIn(
    applicationId: string,
    files: readonly IncomingFile[],
    onProgress: (bytesDone: number) => void | Promise<void>,
  ): Promise<void> {
    const placed = files.map((file) => {
      const segments = segmentsOf(file.path);
      if (segments.length === 0) {
        throw new OutsideDiskError(file.path);
      }
      return { file, path: segments.join('/') };
    });
    const digest = createHash('sha256')
      .update(JSON.stringify(placed.map(({ file, path }) => [path, file.size])))
      .digest('hex')
      .slice(0, 10);
    const name = `${podName(applicationId)}-copy-${digest}`;
    await this.runJob(name, COPY_TIMEOUT_MS, async () => {
      const linked = await Promise.all(placed.map(async ({ file, path }) => ({ path, url: await file.url() })));
      const nodeName = (await this.readPod(applicationId))?.spec?.nodeName;
      return copyJobManifest({ applicationId, name, nodeName }, linked, this.options);
    });
    await onProgress(files.reduce((sum, file) => sum + file.size, 0));
  }

  async close(): Promise<void> {
    // Nothing runs in this process: the workloads live in the cluster.
  }

  /**
   * One host per node that can give `nvidia.com/gpu`, its model read from KUBERNETES_GPU_LABEL (the GPU operator's
   * `nvidia.com/gpu.product` unless told otherwise, empty on a node without it, which the inventory then leaves out
   * with a warning); null when no node has a GPU.
   */
  async capacity(): Promise<DiscoveredHost[] | null> {
    const hosts: DiscoveredHost[] = [];
    let page: string | undefined;
    do {
      const query = new URLSearchParams({ limit: '500', ...(page ? { continue: page } : {}) });
      const answer: ApiAnswer<NodeList> = await this.api.call<NodeList>({
        what: 'list Nodes',
        method: 'GET',
        path: `/api/v1/nodes?${query}`,
      });
      for (const node of answer.body.items) {
        const labels = node.metadata.labels ?? {};
        const model = labels[this.options.gpuLabel] ?? '';
        const count = Number(node.status?.allocatable?.['nvidia.com/gpu'] ?? 0);
        if (!Number.isInteger(count) || count <= 0) {
          continue;
        }
        hosts.push({
          name: node.metadata.name,
          gpus: Array.from({ length: count }, (_, index) => ({ index, model })),
          ...(labels[REGION_LABEL] ? { region: labels[REGION_LABEL] } : {}),
        });
      }
      // A large cluster answers in pages (https://kubernetes.io/docs/reference/using-api/api-concepts/#retrieving-large-results-sets-in-chunks).
      page = answer.body.metadata?.continue || undefined;
    } while (page);
    return hosts.length > 0 ? hosts : null;
  }

  /** Unpacks the saved image's archive onto the PVC before the Pod is first created (skipped once done). */
  private async restore(applicationId: string, key: string): Promise<void> {
    const timeoutMs = this.options.archiveTimeoutMs ?? ARCHIVE_TIMEOUT_MS;
    const archive = await this.options.objectStore.presignGet(key, Math.ceil(timeoutMs / 1000));
    await this.runJob(restoreJobName(applicationId), timeoutMs, async () =>
      restoreJobManifest(applicationId, archive.url, { jobImage: this.options.jobImage }),
    );
  }

  /**
   * Runs a Job beside a workspace (a copy, a snapshot, a restore) and deletes it once it has ended. A Job of that name
   * already there is the same work begun before a restart: it is waited for, and `manifest` (which may sign links) is
   * only built for a Job not yet created.
   */
  private async runJob(name: string, timeoutMs: number, manifest: () => Promise<{ metadata: { name: string } }>) {
    if (!(await this.read<Job>('Job', 'jobs', name))) {
      await this.create('Job', 'jobs', await manifest());
    }
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const job = await this.read<Job>('Job', 'jobs', name);
      const outcome = job ? jobOutcome(job) : { succeeded: false as const, reason: 'it disappeared' };
      if (outcome) {
        // Its Pod goes with it: without a propagation policy the API would leave the Pod behind.
        await this.api.call({
          what: `delete Job ${name}`,
          method: 'DELETE',
          path: `${this.path('jobs', name)}?propagationPolicy=Background`,
          expected: [404],
        });
        if (!outcome.succeeded) {
          throw new Error(`Job ${name} failed: ${outcome.reason}`);
        }
        return;
      }
      if (Date.now() >= deadline) {
        throw new Error(`Job ${name} still running after ${timeoutMs} ms`);
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }

  private path(resource: string, name?: string): string {
    const group = resource === 'jobs' ? '/apis/batch/v1' : '/api/v1';
    const collection = `${group}/namespaces/${encodeURIComponent(this.options.namespace)}/${resource}`;
    return name === undefined ? collection : `${collection}/${encodeURIComponent(name)}`;
  }

  /** Creates an object; false when it already exists, which is what an idempotent start wants. */
  private async create(kind: string, resource: string, manifest: { metadata: { name: string } }): Promise<boolean> {
    const { status } = await this.api.call({
      what: `create ${kind} ${manifest.metadata.name}`,
      method: 'POST',
      path: this.path(resource),
      body: manifest,
      expected: [409],
    });
    return status !== 409;
  }

  private async remove(kind: string, resource: string, name: string): Promise<void> {
    await this.api.call({
      what: `delete ${kind} ${name}`,
      method: 'DELETE',
      path: this.path(resource, name),
      expected: [404],
    });
  }

  private async read<T>(kind: string, resource: string, name: string): Promise<T | null> {
    const { status, body } = await this.api.call<T>({
      what: `read ${kind} ${name}`,
      method: 'GET',
      path: this.path(resource, name),
      expected: [404],
    });
    return status === 404 ? null : body;
  }

  private readPod = (applicationId: string) => this.read<Pod>('Pod', 'pods', podName(applicationId));

  private readClaim = (applicationId: string) =>
    this.read<PersistentVolumeClaim>('PersistentVolumeClaim', 'persistentvolumeclaims', claimName(applicationId));

  /** Deletes the Pod and waits until it is gone, so that its GPUs are free when the reconciler releases them. */
  private async removePod(applicationId: string): Promise<void> {
    const name = podName(applicationId);
    await this.remove('Pod', 'pods', name);
    const deadline = Date.now() + STOP_TIMEOUT_MS;
    while (await this.readPod(applicationId)) {
      if (Date.now() >= deadline) {
        // The reconciler retries; deleting again is harmless.
        throw new Error(`Pod ${name} still terminating after ${STOP_TIMEOUT_MS} ms`);
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }

  /** Grows the claim to the size of `dataDiskGb`; a claim already as large, or larger, is left alone. */
  private async grow(applicationId: string, dataDiskGb: number): Promise<void> {
    const claim = await this.readClaim(applicationId);
    const wanted = diskQuantity(dataDiskGb);
    if (!claim || quantityBytes(wanted) <= quantityBytes(claim.spec.resources.requests.storage)) {
      return;
    }
    await this.api.call({
      what: `resize PersistentVolumeClaim ${claimName(applicationId)}`,
      method: 'PATCH',
      path: this.path('persistentvolumeclaims', claimName(applicationId)),
      body: { spec: { resources: { requests: { storage: wanted } } } },
    });
  }
}
