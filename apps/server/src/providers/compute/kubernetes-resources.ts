import type { Workload, WorkloadState } from './types.js';

/** What the driver reads of a Pod (core/v1). */
export interface Pod {
  metadata: { name: string };
  spec?: { nodeName?: string; containers?: { ports?: { containerPort: number }[] }[] };
  status?: {
    phase?: 'Pending' | 'Running' | 'Succeeded' | 'Failed' | 'Unknown';
    reason?: string;
    message?: string;
    startTime?: string;
    conditions?: { type: string; status: string; reason?: string; message?: string }[];
    containerStatuses?: {
      ready: boolean;
      state?: {
        waiting?: { reason?: string; message?: string };
        terminated?: { reason?: string; exitCode?: number; message?: string };
      };
    }[];
  };
}

export interface PersistentVolumeClaim {
  spec: { resources: { requests: { storage: string } } };
}

export interface ResourceSettings {
  namespace: string;
  storageClass?: string;
  gpuLabel: string;
  imagePrefix: string;
  /** The image of the Jobs beside workspaces: any with sh, tar with gzip, and curl (KUBERNETES_JOB_IMAGE). */
  jobImage: string;
}

/** What the driver reads of a Job (batch/v1). */
export interface Job {
  status?: {
    succeeded?: number;
    failed?: number;
    conditions?: { type: string; status: string; reason?: string; message?: string }[];
  };
}

// Every name below must be a DNS-1035 label of at most 63 characters; ids are digits in practice.
const SAFE_ID = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export function podName(applicationId: string): string {
  if (!SAFE_ID.test(applicationId) || applicationId.length > 40) {
    throw new Error(`unsafe application id: ${applicationId}`);
  }
  return `suanli-app-${applicationId}`;
}

export const claimName = (applicationId: string) => `${podName(applicationId)}-data`;

/** The data disk's size: the free disk plus the expansion that the application row keeps. */
export const diskQuantity = (dataDiskGb: number) => `${dataDiskGb}Gi`;

/**
 * The container image for a catalogue image, which knows only its name: `<prefix>/<slug of the name>:latest`, the
 * name lowered with every run of other characters made one `-` ("PyTorch 2.3 + JupyterLab" → pytorch-2-3-jupyterlab).
 * A name with no Latin letter or digit (a community image named in Chinese) falls back to `image-<id>`.
 */
export function containerImage(prefix: string, image: Workload['image']): string {
  const slug = image.name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${prefix.replace(/\/+$/, '')}/${slug || `image-${image.id}`}:latest`;
}

/**
 * A GPU model as a node label value, which allows only letters, digits, `-`, `_` and `.`: other runs become `-`
 * ("RTX 4090" → RTX-4090). Nodes carry the fleet's model in this form under KUBERNETES_GPU_LABEL.
 */
export function gpuLabelValue(model: string): string {
  return model
    .replace(/[^A-Za-z0-9_.-]+/g, '-')
    .slice(0, 63)
    .replace(/^[^A-Za-z0-9]+|[^A-Za-z0-9]+$/g, '');
}

const labels = (applicationId: string) => ({
  'app.kubernetes.io/managed-by': 'suanli',
  'suanli.io/application': applicationId,
});

const linkPorts = (workload: Workload) => [...new Set(workload.image.links.map((link) => link.port))];

export function claimManifest(workload: Workload, settings: ResourceSettings) {
  return {
    apiVersion: 'v1',
    kind: 'PersistentVolumeClaim',
    metadata: { name: claimName(workload.applicationId), labels: labels(workload.applicationId) },
    spec: {
      accessModes: ['ReadWriteOnce'],
      resources: { requests: { storage: diskQuantity(workload.dataDiskGb) } },
      ...(settings.storageClass ? { storageClassName: settings.storageClass } : {}),
    },
  };
}

/**
 * Where the Pod may run. A host the inventory read from the cluster is a node whose GPUs it counted, so the Pod goes
 * to that very node, whatever the GPU operator calls the model there; a simulated host is no node, so the Pod asks
 * for any node labelled with its model.
 */
function nodeChoice(workload: Workload, settings: ResourceSettings) {
  if (workload.gpu.simulated) {
    return { nodeSelector: { [settings.gpuLabel]: gpuLabelValue(workload.gpu.model) } };
  }
  const node = { matchFields: [{ key: 'metadata.name', operator: 'In', values: [workload.hostName] }] };
  return {
    affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [node] } } },
  };
}

export function podManifest(workload: Workload, settings: ResourceSettings) {
  const id = workload.applicationId;
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: podName(id), labels: labels(id) },
    spec: {
      // An image anyone may publish runs here: it gets no API token, and no variables for every other
      // application's Service in the namespace (thousands of them would bloat every workspace's environment).
      automountServiceAccountToken: false,
      enableServiceLinks: false,
      ...nodeChoice(workload, settings),
      containers: [
        {
          name: 'workspace',
          image: containerImage(settings.imagePrefix, workload.image),
          ports: linkPorts(workload).map((port) => ({ containerPort: port, protocol: 'TCP' })),
          // The device plugin picks the GPUs and sets CUDA_VISIBLE_DEVICES itself.
          resources: { limits: { 'nvidia.com/gpu': String(workload.gpu.indexes.length) } },
          env: [
            { name: 'SUANLI_APPLICATION_ID', value: id },
            { name: 'SUANLI_DATA_DIR', value: '/root/data' },
          ],
          volumeMounts: [{ name: 'data', mountPath: '/root/data' }],
        },
      ],
      volumes: [{ name: 'data', persistentVolumeClaim: { claimName: claimName(id) } }],
    },
  };
}

/** A ClusterIP Service over the link ports, or null for an image that declares none (a Service needs a port). */
export function serviceManifest(workload: Workload) {
  const ports = linkPorts(workload);
  if (ports.length === 0) {
    return null;
  }
  const id = workload.applicationId;
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name: podName(id), labels: labels(id) },
    spec: {
      type: 'ClusterIP',
      selector: { 'suanli.io/application': id },
      // A Service with several ports must name each.
      ports: ports.map((port) => ({ name: `port-${port}`, port, targetPort: port, protocol: 'TCP' })),
    },
  };
}

const FAILING_WAITS = new Set(['ErrImagePull', 'ImagePullBackOff', 'CrashLoopBackOff']);

/**
 * What a Pod's status means for the application. `failed` is final for the reconciler (the application turns
 * abnormal until its owner acts), so only states that do not heal by themselves report it: an image that cannot be
 * pulled, a crash loop, or no node that can take it; a claim still being bound is waited for.
 */
export function podState(pod: Pod): WorkloadState {
  const status = pod.status ?? {};
  switch (status.phase) {
    case 'Failed':
      return { state: 'failed', reason: failureReason(pod) };
    case 'Succeeded':
      return { state: 'stopped' };
    case 'Pending':
    case 'Running':
      break;
    default:
      // Unknown: the node stopped reporting, often for a moment.
      return { state: 'starting' };
  }
  const containers = status.containerStatuses ?? [];
  const waiting = containers
    .map((container) => container.state?.waiting)
    .find((w) => FAILING_WAITS.has(w?.reason ?? ''));
  if (waiting) {
    return { state: 'failed', reason: joined(waiting.reason, waiting.message) };
  }
  const unschedulable = status.conditions?.find(
    (condition) =>
      condition.type === 'PodScheduled' && condition.status === 'False' && condition.reason === 'Unschedulable',
  );
  if (unschedulable && !/unbound immediate PersistentVolumeClaims/.test(unschedulable.message ?? '')) {
    return { state: 'failed', reason: joined('Unschedulable', unschedulable.message) };
  }
  if (status.phase === 'Running' && containers.length > 0 && containers.every((container) => container.ready)) {
    return { state: 'running', startedAt: new Date(status.startTime ?? Date.now()) };
  }
  return { state: 'starting' };
}

export const podPorts = (pod: Pod) =>
  (pod.spec?.containers ?? []).flatMap((container) => (container.ports ?? []).map((port) => port.containerPort));

function failureReason(pod: Pod): string {
  const status = pod.status ?? {};
  if (status.reason || status.message) {
    return joined(status.reason, status.message);
  }
  const ended = status.containerStatuses?.map((container) => container.state?.terminated).find(Boolean);
  if (ended) {
    return joined(`${ended.reason ?? 'Error'} (exit code ${ended.exitCode ?? '?'})`, ended.message);
  }
  return 'Pod failed';
}

const joined = (reason: string | undefined, message: string | undefined) =>
  [reason, message].filter(Boolean).join(': ') || 'Pod failed';

const UNITS: Record<string, number> = {
  '': 1,
  k: 1e3,
  M: 1e6,
  G: 1e9,
  T: 1e12,
  P: 1e15,
  E: 1e18,
  Ki: 2 ** 10,
  Mi: 2 ** 20,
  Gi: 2 ** 30,
  Ti: 2 ** 40,
  Pi: 2 ** 50,
  Ei: 2 ** 60,
};

/** A storage quantity in bytes ("60Gi", "64424509440", "65G"), to compare sizes someone else may have written. */
export function quantityBytes(quantity: string): number {
  const match = /^(\d+(?:\.\d+)?)(Ki|Mi|Gi|Ti|Pi|Ei|k|M|G|T|P|E)?$/.exec(quantity.trim());
  if (!match) {
    throw new Error(`unexpected storage quantity: ${quantity}`);
  }
  return Number(match[1]) * UNITS[match[2] ?? '']!;
}

// Each pair of arguments is a path on the disk and the link to fetch it from; a file appears under its name only
// once whole. The paths and links are arguments, never part of the script, so no name can inject a command.
const COPY_SCRIPT = [
  'set -eu',
  'while [ "$#" -gt 0 ]; do',
  '  target="/root/data/$1"',
  '  mkdir -p "$(dirname "$target")"',
  '  curl -fsSL --retry 3 -o "$target.part" "$2"',
  '  mv -f "$target.part" "$target"',
  '  shift 2',
  'done',
].join('\n');

/** A Job beside a workspace that works on its data disk: a copy onto it, a snapshot of it, a restore onto it. */
export interface DiskJob {
  applicationId: string;
  name: string;
  /** The container's name: what the Job does. */
  task: string;
  image: string;
  command: string[];
  env?: { name: string; value: string }[];
  /** Where the container sees the data disk. */
  mountPath: string;
  readOnly?: boolean;
  /** A scratch folder at /scratch, beside the disk. */
  scratch?: boolean;
  /** Where the workspace has the disk attached, when it runs. */
  nodeName?: string | undefined;
  backoffLimit: number;
}

/**
 * The one shape of those Jobs: no API token, never restarted in place, gone an hour after they end should the server
 * not delete them itself (it does once it has read the outcome), and on the workspace's node when it runs, since a
 * ReadWriteOnce disk in use is mounted by a second Pod only on the node where it is attached.
 */
export function diskJobManifest(job: DiskJob) {
  const readOnly = job.readOnly ? { readOnly: true } : {};
  return {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: { name: job.name, labels: labels(job.applicationId) },
    spec: {
      backoffLimit: job.backoffLimit,
      ttlSecondsAfterFinished: 3600,
      template: {
        metadata: { labels: labels(job.applicationId) },
        spec: {
          automountServiceAccountToken: false,
          enableServiceLinks: false,
          restartPolicy: 'Never',
          ...(job.nodeName ? { nodeName: job.nodeName } : {}),
          containers: [
            {
              name: job.task,
              image: job.image,
              command: job.command,
              ...(job.env ? { env: job.env } : {}),
              volumeMounts: [
                { name: 'data', mountPath: job.mountPath, ...readOnly },
                ...(job.scratch ? [{ name: 'scratch', mountPath: '/scratch' }] : []),
              ],
            },
          ],
          volumes: [
            { name: 'data', persistentVolumeClaim: { claimName: claimName(job.applicationId), ...readOnly } },
            ...(job.scratch ? [{ name: 'scratch', emptyDir: {} }] : []),
          ],
        },
      },
    },
  };
}

/**
 * A Job that downloads files onto an application's data disk, fetching each link with curl. `name` is derived from
 * the copy so that a repeated call finds the Job already there.
 */
export function copyJobManifest(
  target: { applicationId: string; name: string; nodeName?: string | undefined },
  files: readonly { path: string; url: string }[],
  settings: Pick<ResourceSettings, 'jobImage'>,
) {
  return diskJobManifest({
    ...target,
    task: 'copy',
    image: settings.jobImage,
    command: ['sh', '-c', COPY_SCRIPT, 'copy', ...files.flatMap((file) => [file.path, file.url])],
    mountPath: '/root/data',
    backoffLimit: 2,
  });
}

/** Whether a Job has finished, and how: null while it runs. */
export function jobOutcome(job: Job): { succeeded: true } | { succeeded: false; reason: string } | null {
  const finished = job.status?.conditions?.find(
    (condition) => (condition.type === 'Complete' || condition.type === 'Failed') && condition.status === 'True',
  );
  if (finished?.type === 'Complete' || (job.status?.succeeded ?? 0) > 0) {
    return { succeeded: true };
  }
  if (finished) {
    return { succeeded: false, reason: finished.message ?? finished.reason ?? 'Failed' };
  }
  return null;
}
