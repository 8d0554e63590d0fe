import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { idTextSchema, moneyTextSchema, pageQuerySchema, pageSchema } from '../envelope.js';
import { BillingMode } from '../enums.js';
import { operatorReasonSchema } from '../validation.js';
import { REGION_ID_PATTERN } from './inventory.js';

/** Operators' fleet and prices (issue 23, decision 0037): regions, hosts and their GPUs, GPU models and prices. */

/** active: offered; draining: no new placement, running applications finish; broken: no placement at all. */
export const HOST_STATES = ['active', 'draining', 'broken'] as const;
export const hostStateSchema = z.enum(HOST_STATES, { error: 'validation.fleet.hostState' });

/** Who a row follows: the fleet configuration at every start, or the operators once one changed it (decision 0037). */
const managedBySchema = z.enum(['configuration', 'operator']);

/** The version a change was read at: a change to a row that moved since is refused 409 (compare-and-set). */
const versionSchema = z.coerce
  .number({ error: 'validation.fleet.version' })
  .int({ error: 'validation.fleet.version' })
  .min(1, { error: 'validation.fleet.version' });

const regionIdSchema = z
  .string({ error: 'validation.regionId' })
  .trim()
  .regex(REGION_ID_PATTERN, { error: 'validation.regionId' });
const gpuModelSchema = z
  .string({ error: 'validation.gpuModel' })
  .trim()
  .min(1, { error: 'validation.gpuModel' })
  .max(64, { error: 'validation.gpuModel' });
const hourlyPriceSchema = z
  .string({ error: 'validation.fleet.hourlyPrice' })
  .regex(/^\d{1,6}(\.\d{1,2})?$/, { error: 'validation.fleet.hourlyPrice' })
  .refine((text) => Number(text) > 0, { error: 'validation.fleet.hourlyPrice' });
const basisPointsSchema = z
  .number({ error: 'validation.fleet.basisPoints' })
  .int({ error: 'validation.fleet.basisPoints' })
  .min(1, { error: 'validation.fleet.basisPoints' })
  .max(10_000, { error: 'validation.fleet.basisPoints' });

const gpuRowSchema = z.object({
  id: z.string(),
  gpuIndex: z.number().int(),
  model: z.string(),
  broken: z.boolean(),
  /** The application holding it, or null when free. */
  applicationId: z.string().nullable(),
  version: z.number().int(),
});

const hostRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  regionId: z.string(),
  regionName: z.string(),
  state: hostStateSchema,
  simulated: z.boolean(),
  managedBy: managedBySchema,
  version: z.number().int(),
  /** GPUs of the host: free to place on, held by an application, broken (held or not). */
  counts: z.object({
    total: z.number().int(),
    free: z.number().int(),
    busy: z.number().int(),
    broken: z.number().int(),
  }),
  gpus: z.array(gpuRowSchema),
});

export const listFleetRegions = defineEndpoint({
  id: 'listFleetRegions',
  method: 'GET',
  path: '/admin/fleet/regions',
  auth: 'user',
  operator: 'fleet',
  summary:
    'Operators: every region, in its order, named in both languages, with its hosts and GPUs counted: all, free to ' +
    'place on, held, broken',
  tag: 'admin',
  data: z.array(
    z.object({
      id: z.string(),
      nameZh: z.string(),
      nameEn: z.string(),
      managedBy: managedBySchema,
      version: z.number().int(),
      hosts: z.number().int(),
      gpus: z.object({
        total: z.number().int(),
        free: z.number().int(),
        busy: z.number().int(),
        broken: z.number().int(),
      }),
    }),
  ),
});

const regionNameSchema = (key: 'regionNameZh' | 'regionNameEn') =>
  z
    .string({ error: `validation.fleet.${key}` })
    .trim()
    .min(1, { error: `validation.fleet.${key}` })
    .max(32, { error: `validation.fleet.${key}` });
const regionNamesSchema = z.object({
  nameZh: regionNameSchema('regionNameZh'),
  nameEn: regionNameSchema('regionNameEn'),
});
const regionViewSchema = z.object({
  id: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  managedBy: managedBySchema,
  version: z.number().int(),
});

export const addFleetRegion = defineEndpoint({
  id: 'addFleetRegion',
  method: 'POST',
  path: '/admin/fleet/regions',
  auth: 'user',
  operator: 'fleet',
  summary:
    'Operators: adds a region, named in both languages, after the configured ones; the start-up sync leaves it be. ' +
    'An id already taken answers 409',
  tag: 'admin',
  body: regionNamesSchema.extend({
    id: z
      .string({ error: 'validation.fleet.newRegionId' })
      .trim()
      .regex(REGION_ID_PATTERN, { error: 'validation.fleet.newRegionId' }),
    reason: operatorReasonSchema,
  }),
  data: regionViewSchema,
});

export const renameFleetRegion = defineEndpoint({
  id: 'renameFleetRegion',
  method: 'PUT',
  path: '/admin/fleet/regions/:id',
  auth: 'user',
  operator: 'fleet',
  summary:
    'Operators: renames a region in both languages; from then on the start-up sync leaves its names be. 409 when ' +
    'the region changed since `version`',
  tag: 'admin',
  params: z.object({ id: regionIdSchema }),
  body: regionNamesSchema.extend({ version: versionSchema, reason: operatorReasonSchema }),
  data: regionViewSchema,
});

export const listFleetHosts = defineEndpoint({
  id: 'listFleetHosts',
  method: 'GET',
  path: '/admin/fleet/hosts',
  auth: 'user',
  operator: 'fleet',
  summary:
    'Operators: a page of hosts with their GPUs, in region order then by name, filtered by region, GPU model and ' +
    'state; each with the version a change must name',
  tag: 'admin',
  query: pageQuerySchema.extend({
    regionId: regionIdSchema.optional(),
    gpuModel: gpuModelSchema.optional(),
    state: hostStateSchema.optional(),
  }),
  data: pageSchema(hostRowSchema),
});

export const addFleetHost = defineEndpoint({
  id: 'addFleetHost',
  method: 'POST',
  path: '/admin/fleet/hosts',
  auth: 'user',
  operator: 'fleet',
  summary:
    'Operators: adds a host of `gpuCount` GPUs of a priced model in a region, offered at once; 409 naming `name` when ' +
    'a host of that name exists. The configuration never changes or removes it (decision 0037)',
  tag: 'admin',
  body: z.object({
    regionId: regionIdSchema,
    name: z
      .string({ error: 'validation.fleet.hostName' })
      .trim()
      .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, { error: 'validation.fleet.hostName' }),
    gpuModel: gpuModelSchema,
    gpuCount: z
      .number({ error: 'validation.fleet.hostGpuCount' })
      .int({ error: 'validation.fleet.hostGpuCount' })
      .min(1, { error: 'validation.fleet.hostGpuCount' })
      .max(16, { error: 'validation.fleet.hostGpuCount' }),
    reason: operatorReasonSchema,
  }),
  data: hostRowSchema,
});

export const setFleetHostState = defineEndpoint({
  id: 'setFleetHostState',
  method: 'POST',
  path: '/admin/fleet/hosts/:id/state',
  auth: 'user',
  operator: 'fleet',
  summary:
    'Operators: drains a host (no new placement; running applications finish), marks it broken (no placement; an ' +
    'application on it keeps its GPUs until it stops, billed only while seen running) or returns it to service. ' +
    '409 when the host changed since `version`',
  tag: 'admin',
  params: z.object({ id: idTextSchema }),
  body: z.object({ state: hostStateSchema, version: versionSchema, reason: operatorReasonSchema }),
  data: hostRowSchema,
});

export const setFleetGpuBroken = defineEndpoint({
  id: 'setFleetGpuBroken',
  method: 'POST',
  path: '/admin/fleet/gpus/:id/broken',
  auth: 'user',
  operator: 'fleet',
  summary:
    'Operators: marks one GPU broken (never placed on again; an application holding it keeps it until it stops) or ' +
    'returns it to service. 409 when the GPU changed since `version`',
  tag: 'admin',
  params: z.object({ id: idTextSchema }),
  body: z.object({
    broken: z.boolean({ error: 'validation.fleet.broken' }),
    version: versionSchema,
    reason: operatorReasonSchema,
  }),
  data: gpuRowSchema,
});

const gpuModelRowSchema = z.object({
  gpuModel: z.string(),
  memoryGb: z.number().int(),
  hourlyPrice: moneyTextSchema,
  educationHourlyPrice: moneyTextSchema.nullable(),
  /** The list price of one GPU for one period of each billing mode, duration discount applied, as users see it. */
  prices: z.record(z.enum(BillingMode.values), moneyTextSchema),
  managedBy: managedBySchema,
  version: z.number().int(),
});

export const listFleetGpuModels = defineEndpoint({
  id: 'listFleetGpuModels',
  method: 'GET',
  path: '/admin/fleet/gpu-models',
  auth: 'user',
  operator: 'fleet',
  summary:
    'Operators: every GPU model with its hourly and education prices, what one period of each billing mode costs at ' +
    'list price, and the duration discounts with their versions',
  tag: 'admin',
  data: z.object({
    models: z.array(gpuModelRowSchema),
    durationDiscounts: z.array(
      z.object({
        billingMode: z.enum(['day', 'week', 'month', 'year']),
        basisPoints: z.number().int(),
        managedBy: managedBySchema,
        version: z.number().int(),
      }),
    ),
    /** Each VIP grade's discount on GPU prices, in basis points, and the growth the grade starts at. */
    vipDiscounts: z.array(
      z.object({ grade: z.number().int(), growthThreshold: z.number().int(), basisPoints: z.number().int() }),
    ),
  }),
});

export const addFleetGpuModel = defineEndpoint({
  id: 'addFleetGpuModel',
  method: 'POST',
  path: '/admin/fleet/gpu-models',
  auth: 'user',
  operator: 'fleet',
  summary: 'Operators: adds a GPU model with its prices, priced at once; 409 naming `gpuModel` when it exists',
  tag: 'admin',
  body: z.object({
    gpuModel: gpuModelSchema,
    memoryGb: z
      .number({ error: 'validation.fleet.memoryGb' })
      .int({ error: 'validation.fleet.memoryGb' })
      .min(1, { error: 'validation.fleet.memoryGb' })
      .max(1024, { error: 'validation.fleet.memoryGb' }),
    hourlyPrice: hourlyPriceSchema,
    educationHourlyPrice: hourlyPriceSchema.nullable().default(null),
    reason: operatorReasonSchema,
  }),
  data: gpuModelRowSchema,
});

export const setFleetGpuPrice = defineEndpoint({
  id: 'setFleetGpuPrice',
  method: 'POST',
  path: '/admin/fleet/gpu-models/:gpuModel/price',
  auth: 'user',
  operator: 'fleet',
  summary:
    'Operators: changes a model’s hourly price and education price (null: none), which quotes and new rentals use at ' +
    'once; running applications keep the price they were rented at. 409 when it changed since `version`',
  tag: 'admin',
  params: z.object({ gpuModel: gpuModelSchema }),
  body: z.object({
    hourlyPrice: hourlyPriceSchema,
    educationHourlyPrice: hourlyPriceSchema.nullable(),
    version: versionSchema,
    reason: operatorReasonSchema,
  }),
  data: gpuModelRowSchema,
});

export const setFleetDurationDiscount = defineEndpoint({
  id: 'setFleetDurationDiscount',
  method: 'POST',
  path: '/admin/fleet/duration-discounts/:billingMode',
  auth: 'user',
  operator: 'fleet',
  summary:
    'Operators: changes what a prepaid billing mode costs against its hours at the hourly price, in basis points ' +
    '(9500 = 95 %). 409 when it changed since `version`',
  tag: 'admin',
  params: z.object({ billingMode: z.enum(['day', 'week', 'month', 'year'], { error: 'validation.billingMode' }) }),
  body: z.object({ basisPoints: basisPointsSchema, version: versionSchema, reason: operatorReasonSchema }),
  data: z.object({
    billingMode: z.enum(['day', 'week', 'month', 'year']),
    basisPoints: z.number().int(),
    managedBy: managedBySchema,
    version: z.number().int(),
  }),
});

export const setFleetVipDiscount = defineEndpoint({
  id: 'setFleetVipDiscount',
  method: 'POST',
  path: '/admin/fleet/vip-discounts/:grade',
  auth: 'user',
  operator: 'fleet',
  summary:
    'Operators: changes a VIP grade’s discount on GPU prices, in basis points (9800 = 98 %), which the next quote and ' +
    'rental apply. 409 when the discount is no longer `previousBasisPoints` (someone changed it meanwhile)',
  tag: 'admin',
  params: z.object({
    grade: z.coerce.number({ error: 'validation.fleet.vipGrade' }).int({ error: 'validation.fleet.vipGrade' }).min(0, {
      error: 'validation.fleet.vipGrade',
    }),
  }),
  body: z.object({
    basisPoints: basisPointsSchema,
    previousBasisPoints: basisPointsSchema,
    reason: operatorReasonSchema,
  }),
  data: z.object({ grade: z.number().int(), growthThreshold: z.number().int(), basisPoints: z.number().int() }),
});
