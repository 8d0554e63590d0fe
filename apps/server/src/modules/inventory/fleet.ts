import { readFileSync } from 'node:fs';
import { inventory, parseMoney, type Money, type BillingMode } from '@suanli/contract';
import { z } from 'zod';

// Whole fen, as every price is (ARCHITECTURE §4): a period's price is then whole fen before its discounts.
const priceText = z.string().transform((text, ctx) => {
  const units = parseMoney(text, 2);
  if (units === null || units <= 0n) {
    ctx.addIssue({ code: 'custom', message: 'must be a positive amount of yuan with at most 2 decimals' });
    return z.NEVER;
  }
  return units;
});
const basisPoints = z.number().int().min(1).max(10_000);

const hostSchema = z.object({
  /** The host's name, unique in the fleet: the natural key the start-up sync matches rows by. */
  name: z.string().min(1).max(64),
  gpuModel: z.string().min(1).max(64),
  gpuCount: z.number().int().min(1).max(16),
  /** GPUs declared here rather than read from the machine (nvidia-smi); a FLEET_FILE of real hosts says false. */
  simulated: z.boolean().default(true),
});

const regionSchema = z.object({
  id: z.string().regex(inventory.REGION_ID_PATTERN, 'must be lower-case letters, digits and "-", like cn-east-1'),
  nameZh: z.string().min(1).max(64),
  nameEn: z.string().min(1).max(64),
  hosts: z.array(hostSchema).min(1),
});

const fleetSchema = z
  .object({
    gpuModels: z
      .array(
        z.object({
          model: z.string().min(1).max(64),
          memoryGb: z.number().int().positive(),
          /** The list price of one GPU for one hour; every billing mode's price derives from it. */
          hourlyPrice: priceText,
          /** What holders of the education role pay per hour instead (spec §9's education rates). */
          educationHourlyPrice: priceText.optional(),
        }),
      )
      .min(1),
    /** Prepaid modes cost the hours they cover times this rate (per minute is always the full hourly price). */
    durationDiscounts: z.object({ day: basisPoints, week: basisPoints, month: basisPoints, year: basisPoints }),
    regions: z.array(regionSchema).min(1),
  })
  .superRefine(({ gpuModels, regions }, ctx) => {
    const models = new Set(gpuModels.map((model) => model.model));
    const regionIds = new Set<string>();
    const hostNames = new Set<string>();
    regions.forEach((region, regionIndex) => {
      if (regionIds.has(region.id)) {
        ctx.addIssue({
          code: 'custom',
          path: ['regions', regionIndex, 'id'],
          message: `${region.id} is declared twice`,
        });
      }
      regionIds.add(region.id);
      region.hosts.forEach((host, hostIndex) => {
        const path = ['regions', regionIndex, 'hosts', hostIndex];
        if (hostNames.has(host.name)) {
          ctx.addIssue({ code: 'custom', path: [...path, 'name'], message: `${host.name} is declared twice` });
        }
        hostNames.add(host.name);
        if (!models.has(host.gpuModel)) {
          ctx.addIssue({
            code: 'custom',
            path: [...path, 'gpuModel'],
            message: `${host.gpuModel} is not in gpuModels`,
          });
        }
      });
    });
  });

export interface GpuModel {
  model: string;
  memoryGb: number;
  hourlyPrice: Money;
  educationHourlyPrice?: Money;
}

export interface FleetHost {
  name: string;
  gpuModel: string;
  gpuCount: number;
  simulated: boolean;
}

export interface FleetRegion {
  id: string;
  nameZh: string;
  nameEn: string;
  hosts: FleetHost[];
}

export interface Fleet {
  gpuModels: GpuModel[];
  durationDiscounts: Record<Exclude<BillingMode, 'minute'>, number>;
  regions: FleetRegion[];
}

const host = (name: string, gpuModel: string, gpuCount: number) => ({ name, gpuModel, gpuCount, simulated: true });

/**
 * The fleet Suanli runs when FLEET_FILE names none: the GPU models and prices of a small simulated data centre, with
 * the education rates of spec §9. Figures are list prices of the kind AutoDL publishes, for development; every host is
 * simulated, since this machine's GPUs (if any) are not what it describes.
 */
const DEFAULT_FLEET = {
  gpuModels: [
    { model: 'RTX 4090', memoryGb: 24, hourlyPrice: '2.28', educationHourlyPrice: '1.95' },
    { model: 'RTX 3090', memoryGb: 24, hourlyPrice: '1.78', educationHourlyPrice: '1.51' },
    { model: 'RTX 3060', memoryGb: 12, hourlyPrice: '0.78', educationHourlyPrice: '0.62' },
    { model: 'L20', memoryGb: 48, hourlyPrice: '3.38' },
    { model: 'A800', memoryGb: 80, hourlyPrice: '6.68' },
  ],
  durationDiscounts: { day: 9_500, week: 9_000, month: 8_500, year: 7_500 },
  regions: [
    {
      id: 'cn-east-1',
      nameZh: '华东一区',
      nameEn: 'East China 1',
      hosts: [
        host('e1-4090-01', 'RTX 4090', 8),
        host('e1-4090-02', 'RTX 4090', 8),
        host('e1-3090-01', 'RTX 3090', 4),
        host('e1-a800-01', 'A800', 2),
      ],
    },
    {
      id: 'cn-north-1',
      nameZh: '华北一区',
      nameEn: 'North China 1',
      hosts: [host('n1-3090-01', 'RTX 3090', 8), host('n1-3060-01', 'RTX 3060', 4), host('n1-l20-01', 'L20', 4)],
    },
  ],
};

/** Reads FLEET_FILE (JSON of the same shape as the default) or answers the embedded default; a bad file stops the start. */
export function loadFleet(file: string | undefined): Fleet {
  const source: unknown = file ? JSON.parse(readFileSync(file, 'utf8')) : DEFAULT_FLEET;
  const parsed = fleetSchema.safeParse(source);
  if (!parsed.success) {
    throw new Error(`FLEET_FILE ${file}: ${z.prettifyError(parsed.error)}`);
  }
  return parsed.data as Fleet;
}
