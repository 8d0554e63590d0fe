import { formatMoney, type EndpointData, type EndpointInput, type inventory, type Locale } from '@suanli/contract';
import type { Db } from '../../db/client.js';
import type { UserId } from '../../db/ids.js';
import { AppError } from '../../http/app-error.js';
import type { CatalogueService } from '../catalogue/index.js';
import { countGpusByModel, countGpusByRegion, listRegionNames } from './inventory.queries.js';
import type { PricingService } from './pricing.service.js';

type GpuConfigQuery = EndpointInput<typeof inventory.availableGpuConfig>['query'];
type RegionView = EndpointData<typeof inventory.listGpuRegions>[number];

interface AvailabilityDependencies {
  db: Db;
  pricing: PricingService;
  catalogue: Pick<CatalogueService, 'rentable'>;
}

/** What can be rented now: free GPUs per model for an image, and per region (spec §2 /computerPower, create step 2). */
export function availabilityService({ db, pricing, catalogue }: AvailabilityDependencies) {
  async function minGpuMemoryGb(imageId: string) {
    const image = await catalogue.rentable(BigInt(imageId));
    if (!image?.offered) {
      throw new AppError('notFound', {
        messageKey: 'catalogue.imageNotFound',
        params: { id: imageId },
        field: 'imageId',
      });
    }
    return image.minGpuMemoryGb;
  }

  return {
    async availableGpuConfig(userId: UserId | null, { imageId, regionId }: GpuConfigQuery) {
      const regions = regionId === undefined ? [] : await listRegionNames(db);
      if (regionId !== undefined && !regions.some((region) => region.id === regionId)) {
        throw new AppError('notFound', {
          messageKey: 'inventory.unknownRegion',
          params: { id: regionId },
          field: 'regionId',
        });
      }
      const [minimum, counts, who, prices] = await Promise.all([
        minGpuMemoryGb(imageId),
        countGpusByModel(db, regionId),
        pricing.customerOf(userId),
        pricing.book(),
      ]);
      const freeByModel = new Map(counts.map((row) => [row.model, row.free]));
      return prices.gpuModels
        .filter((model) => model.memoryGb >= minimum)
        .map((model) => {
          const freeCount = freeByModel.get(model.model) ?? 0;
          return {
            gpuModel: model.model,
            memoryGb: model.memoryGb,
            freeCount,
            pricePerHour: formatMoney(
              pricing.price({ prices, who }, model, { mode: 'minute', periods: 1, gpuCount: 1 }),
            ),
            soldOut: freeCount === 0,
          };
        });
    },

    /** Models in the fleet's order; a model no longer priced (held GPUs left behind) is left out. */
    async listRegions(locale: Locale): Promise<RegionView[]> {
      const [rows, prices] = await Promise.all([countGpusByRegion(db), pricing.book()]);
      const order = new Map(prices.gpuModels.map((model, index) => [model.model, index]));
      const views = new Map<string, RegionView>();
      for (const row of rows) {
        const view = views.get(row.regionId) ?? {
          id: row.regionId,
          name: locale === 'en-US' ? row.nameEn : row.nameZh,
          simulated: false,
          gpus: [],
        };
        views.set(row.regionId, view);
        view.simulated ||= row.simulated;
        if (row.model !== null && order.has(row.model)) {
          view.gpus.push({ gpuModel: row.model, total: row.total, free: row.free });
        }
      }
      for (const view of views.values()) {
        view.gpus.sort((a, b) => order.get(a.gpuModel)! - order.get(b.gpuModel)!);
      }
      return [...views.values()];
    },
  };
}

export type AvailabilityService = ReturnType<typeof availabilityService>;
