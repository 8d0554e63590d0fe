import type { Config } from '../../config.js';
import type { Clock } from '../../jobs/clock.js';
import { LocalComputeDriver } from './local.js';
import type { ComputeDriver } from './types.js';

export type { ComputeDriver, Workload, WorkloadEndpoint, WorkloadState } from './types.js';
export { LocalComputeDriver } from './local.js';
export { discoverGpus, parseNvidiaSmi, type HostGpu } from './gpus.js';

/** The driver that runs applications' workspaces; `local` until the Kubernetes driver arrives. */
export function createComputeDriver(config: Config, dependencies: { clock: Clock }): ComputeDriver {
  switch (config.COMPUTE_DRIVER) {
    case 'local':
      return new LocalComputeDriver({
        dataDir: config.DATA_DIR,
        clock: dependencies.clock,
        startTimeoutMs: config.WORKSPACE_START_TIMEOUT_MS,
      });
  }
}
