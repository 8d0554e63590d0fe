import type { Config } from '../../config.js';
import type { Clock } from '../../jobs/clock.js';
import type { ObjectStore } from '../object-store/types.js';
import { KubernetesApi, loadCertificateAuthority } from './kubernetes-api.js';
import { KubernetesComputeDriver } from './kubernetes.js';
import { LocalComputeDriver } from './local.js';
import type { ComputeDriver } from './types.js';

export type {
  ComputeDriver,
  DiscoveredHost,
  IncomingFile,
  Workload,
  WorkloadEndpoint,
  WorkloadState,
} from './types.js';
export { LocalComputeDriver } from './local.js';
export { KubernetesComputeDriver } from './kubernetes.js';
export { gpuLabelValue } from './kubernetes-resources.js';
export { discoverGpus, parseNvidiaSmi, type HostGpu } from './gpus.js';

/** The driver that runs applications' workspaces, chosen by COMPUTE_DRIVER with all its settings (config/compute.ts). */
export function createComputeDriver(
  config: Config,
  dependencies: { clock: Clock; objectStore: ObjectStore },
): ComputeDriver {
  const { compute } = config;
  switch (compute.driver) {
    case 'local':
      return new LocalComputeDriver({
        dataDir: config.runtime.dataDir,
        clock: dependencies.clock,
        objectStore: dependencies.objectStore,
        startTimeoutMs: compute.startTimeoutMs,
        nvidiaSmi: compute.nvidiaSmi,
      });
    case 'kubernetes':
      return new KubernetesComputeDriver({
        api: new KubernetesApi({
          url: compute.apiUrl,
          token: compute.token,
          ca: compute.caFile ? loadCertificateAuthority(compute.caFile) : undefined,
        }),
        objectStore: dependencies.objectStore,
        namespace: compute.namespace,
        storageClass: compute.storageClass,
        gpuLabel: compute.gpuLabel,
        imagePrefix: compute.imagePrefix,
        jobImage: compute.jobImage,
      });
  }
}
