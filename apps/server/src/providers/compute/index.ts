import type { Config } from '../../config.js';
import type { Clock } from '../../jobs/clock.js';
import { KubernetesApi, loadCertificateAuthority } from './kubernetes-api.js';
import { KubernetesComputeDriver } from './kubernetes.js';
import { LocalComputeDriver } from './local.js';
import type { ComputeDriver } from './types.js';

export type { ComputeDriver, DiscoveredHost, Workload, WorkloadEndpoint, WorkloadState } from './types.js';
export { LocalComputeDriver } from './local.js';
export { KubernetesComputeDriver } from './kubernetes.js';
export { gpuLabelValue } from './kubernetes-resources.js';
export { discoverGpus, parseNvidiaSmi, type HostGpu } from './gpus.js';

/** The driver that runs applications' workspaces; config.ts already insists on the Kubernetes API's URL and token. */
export function createComputeDriver(config: Config, dependencies: { clock: Clock }): ComputeDriver {
  switch (config.COMPUTE_DRIVER) {
    case 'local':
      return new LocalComputeDriver({
        dataDir: config.DATA_DIR,
        clock: dependencies.clock,
        startTimeoutMs: config.WORKSPACE_START_TIMEOUT_MS,
        nvidiaSmi: config.NVIDIA_SMI,
      });
    case 'kubernetes':
      return new KubernetesComputeDriver({
        api: new KubernetesApi({
          url: config.KUBERNETES_API_URL!,
          token: config.KUBERNETES_TOKEN!,
          ca: config.KUBERNETES_CA_FILE ? loadCertificateAuthority(config.KUBERNETES_CA_FILE) : undefined,
        }),
        namespace: config.KUBERNETES_NAMESPACE,
        storageClass: config.KUBERNETES_STORAGE_CLASS,
        gpuLabel: config.KUBERNETES_GPU_LABEL,
        imagePrefix: config.KUBERNETES_IMAGE_PREFIX,
      });
  }
}
