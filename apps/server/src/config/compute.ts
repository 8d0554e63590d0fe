import { z } from 'zod';
import { configGroup, requiredWhen, urlRequiredWhen } from './group.js';

const KUBERNETES = 'COMPUTE_DRIVER=kubernetes';

const local = z
  .object({
    COMPUTE_DRIVER: z.literal('local'),
    WORKSPACE_START_TIMEOUT_MS: z.coerce.number().int().min(100).default(15_000),
    NVIDIA_SMI: z.string().min(1).default('nvidia-smi'),
  })
  .transform((env) => ({
    driver: env.COMPUTE_DRIVER,
    /** How long a workspace process may take to listen before it is killed and reported failed. */
    startTimeoutMs: env.WORKSPACE_START_TIMEOUT_MS,
    /** The command listing this host's GPUs; when it is not found, the configured fleet is offered. */
    nvidiaSmi: env.NVIDIA_SMI,
  }));

/** The API server, a service account's token, and where each application's Pod, PVC and Service go. */
const kubernetes = z
  .object({
    COMPUTE_DRIVER: z.literal('kubernetes'),
    KUBERNETES_API_URL: urlRequiredWhen(KUBERNETES),
    KUBERNETES_TOKEN: requiredWhen(KUBERNETES),
    KUBERNETES_NAMESPACE: z
      .string()
      .regex(/^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/, { message: 'must be a namespace name (DNS label)' })
      .default('suanli-apps'),
    KUBERNETES_CA_FILE: z.string().optional(),
    KUBERNETES_STORAGE_CLASS: z.string().optional(),
    KUBERNETES_GPU_LABEL: z.string().default('nvidia.com/gpu.product'),
    KUBERNETES_IMAGE_PREFIX: z.string().default('registry.suanli.local/images'),
    KUBERNETES_JOB_IMAGE: z.string().min(1).default('curlimages/curl:8.10.1'),
  })
  .transform((env) => ({
    driver: env.COMPUTE_DRIVER,
    apiUrl: env.KUBERNETES_API_URL,
    token: env.KUBERNETES_TOKEN,
    caFile: env.KUBERNETES_CA_FILE,
    namespace: env.KUBERNETES_NAMESPACE,
    storageClass: env.KUBERNETES_STORAGE_CLASS,
    gpuLabel: env.KUBERNETES_GPU_LABEL,
    imagePrefix: env.KUBERNETES_IMAGE_PREFIX,
    /** The image of the Jobs beside workspaces (copies, snapshots, restores): any with sh, tar with gzip, and curl. */
    jobImage: env.KUBERNETES_JOB_IMAGE,
  }));

/** Where applications' workspaces run (providers/compute): local processes, or Pods in a Kubernetes cluster. */
export const compute = configGroup({
  schema: z
    .looseObject({ COMPUTE_DRIVER: z.enum(['local', 'kubernetes']).default('local') })
    .pipe(z.discriminatedUnion('COMPUTE_DRIVER', [local, kubernetes])),
});
