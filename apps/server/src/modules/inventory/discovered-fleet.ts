import type { DiscoveredHost } from '../../providers/compute/types.js';
import type { Fleet, FleetHost, GpuModel } from './fleet.js';

/** A GPU found on a host that is not offered, and why: the start logs each one. */
export interface LeftOutGpu {
  host: string;
  index: number;
  model: string;
  why: 'no configured price' | 'not numbered on from GPU 0 with one model';
}

/**
 * A model name reduced to what tells models apart, so that the hardware's "NVIDIA GeForce RTX 4090" (nvidia-smi) or
 * "NVIDIA-GeForce-RTX-4090" (the GPU operator's node label) finds the fleet's "RTX 4090".
 */
export function modelKey(model: string): string {
  return model
    .toLowerCase()
    .replace(/\b(nvidia|geforce|tesla)\b/g, '')
    .replace(/[\s-]+/g, '');
}

/**
 * The host's GPUs as one fleet host: GPUs 0, 1, … of the model of GPU 0, since the inventory gives an application
 * GPU numbers counted from 0 on a host of one model (fleet-sync). Any other GPU is left out and said why.
 */
function offered(host: DiscoveredHost, priced: Map<string, GpuModel>, leftOut: LeftOutGpu[]): FleetHost | null {
  const gpus = [...host.gpus].sort((a, b) => a.index - b.index);
  const first = priced.get(modelKey(gpus[0]?.model ?? ''));
  let count = 0;
  for (const gpu of gpus) {
    const model = priced.get(modelKey(gpu.model));
    if (first && model === first && gpu.index === count) {
      count += 1;
    } else {
      leftOut.push({
        host: host.name,
        index: gpu.index,
        model: gpu.model,
        why: model ? 'not numbered on from GPU 0 with one model' : 'no configured price',
      });
    }
  }
  return first && count > 0 ? { name: host.name, gpuModel: first.model, gpuCount: count, simulated: false } : null;
}

/**
 * The configured regions and prices with the hosts the compute driver found in place of the configured ones: each
 * in the region it names when that region is configured, otherwise in `defaultRegion`.
 */
export function discoveredFleet(
  configured: Fleet,
  hosts: DiscoveredHost[],
  defaultRegion: string,
): { fleet: Fleet; leftOut: LeftOutGpu[] } {
  const priced = new Map(configured.gpuModels.map((model) => [modelKey(model.model), model]));
  const regionIds = new Set(configured.regions.map((region) => region.id));
  const leftOut: LeftOutGpu[] = [];
  const placed = new Map<string, FleetHost[]>();
  for (const host of hosts) {
    const fleetHost = offered(host, priced, leftOut);
    if (fleetHost) {
      const region = host.region !== undefined && regionIds.has(host.region) ? host.region : defaultRegion;
      placed.set(region, [...(placed.get(region) ?? []), fleetHost]);
    }
  }
  return {
    fleet: {
      ...configured,
      regions: configured.regions.map((region) => ({ ...region, hosts: placed.get(region.id) ?? [] })),
    },
    leftOut,
  };
}
