import { readFileSync } from 'node:fs';
import { parseMoney, type Money, type BillingMode } from '@suanli/contract';
import { z } from 'zod';

const priceText = z.string().transform((text, ctx) => {
  const units = parseMoney(text);
  if (units === null || units <= 0n) {
    ctx.addIssue({ code: 'custom', message: 'must be a positive amount of yuan with at most 4 decimals' });
    return z.NEVER;
  }
  return units;
});
const basisPoints = z.number().int().min(1).max(10_000);

const fleetSchema = z.object({
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
});

export interface GpuModel {
  model: string;
  memoryGb: number;
  hourlyPrice: Money;
  educationHourlyPrice?: Money;
}

export interface Fleet {
  gpuModels: GpuModel[];
  durationDiscounts: Record<Exclude<BillingMode, 'minute'>, number>;
}

/**
 * The fleet Suanli runs when FLEET_FILE names none: the GPU models and prices of a small simulated data centre, with
 * the education rates of spec §9. Figures are list prices of the kind AutoDL publishes, for development.
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
