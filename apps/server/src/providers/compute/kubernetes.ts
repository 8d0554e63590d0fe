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
}

// How long a copy Job may run before the copy is reported failed, and how often it is looked at.
const COPY_TIMEOUT_MS = 6 * 60 * 60_000;
const COPY_POLL_MS = 2_000;
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
    await this.create('Pod', 'pods', podManifest(workload, this.options));
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
    const existing = await this.read<Job>('Job', 'jobs', name);
    if (!existing) {
      const linked = await Promise.all(placed.map(async ({ file, path }) => ({ path, url: await file.url() })));
      await this.create('Job', 'jobs', copyJobManifest({ applicationId, name }, linked, this.options));
    }
    const deadline = Date.now() + COPY_TIMEOUT_MS;
    for (;;) {
      const job = await this.read<Job>('Job', 'jobs', name);
      const outcome = job ? jobOutcome(job) : { succeeded: false as const, reason: `Job ${name} disappeared` };
      if (outcome) {
        await this.remove('Job', 'jobs', name);
        if (!outcome.succeeded) {
          throw new Error(outcome.reason);
        }
        await onProgress(files.reduce((sum, file) => sum + file.size, 0));
        return;
      }
      if (Date.now() >= deadline) {
        throw new Error(`Job ${name} still running after ${COPY_TIMEOUT_MS} ms`);
      }
      await new Promise((resolve) => setTimeout(resolve, COPY_POLL_MS));
    }
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
