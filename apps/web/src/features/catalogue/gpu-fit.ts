import { parseMoney } from '@suanli/contract';
import type { GpuModelOffer } from './api/list-gpu-models';
import type { GpuRegion } from './api/list-gpu-regions';

/** The hourly list price as integer units, so that prices compare exactly (ARCHITECTURE §3: no float holds money). */
function hourlyUnits(model: GpuModelOffer): bigint {
  return parseMoney(model.prices.minute) ?? 0n;
}

/**
 * The GPU models an image can run on (at least its minimum GPU memory), cheapest per hour first; models of one price
 * keep the server's order.
 */
export function fittingModels(models: readonly GpuModelOffer[], minGpuMemoryGb: number): GpuModelOffer[] {
  return models
    .filter((model) => model.memoryGb >= minGpuMemoryGb)
    .sort((a, b) => {
      const difference = hourlyUnits(a) - hourlyUnits(b);
      return difference === 0n ? 0 : difference < 0n ? -1 : 1;
    });
}

/** The cheapest model an image runs on, whose hourly price a card shows as "from"; null when none has the memory. */
export function cheapestFit(models: readonly GpuModelOffer[], minGpuMemoryGb: number): GpuModelOffer | null {
  return fittingModels(models, minGpuMemoryGb)[0] ?? null;
}

/** How many GPUs of each model are free now, over every region. */
export function freeByModel(regions: readonly GpuRegion[]): Map<string, number> {
  const free = new Map<string, number>();
  for (const gpu of regions.flatMap((region) => region.gpus)) {
    free.set(gpu.gpuModel, (free.get(gpu.gpuModel) ?? 0) + gpu.free);
  }
  return free;
}

/** Whether a GPU an image runs on is free now somewhere (issue 11: each card says so). */
export function hasFreeGpu(fitting: readonly GpuModelOffer[], free: ReadonlyMap<string, number>): boolean {
  return fitting.some((model) => (free.get(model.gpuModel) ?? 0) > 0);
}
