import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { defineEndpoint } from '../endpoint.js';
import { idTextSchema, pageQuerySchema, pageSchema } from '../envelope.js';
import { ApplicationStatus, BillingMode } from '../enums.js';

/** What the user asked of an application; the reconciler drives its observed status towards it (ARCHITECTURE §5). */
export const DESIRED_STATES = ['running', 'stopped', 'destroyed'] as const;

export const APP_NAME_MAX_LENGTH = 32;

const appNameSchema = z
  .string({ error: 'validation.appName' })
  .trim()
  .min(1, { error: 'validation.appName' })
  .max(APP_NAME_MAX_LENGTH, { error: 'validation.appName' });

/** GB beyond the free data disk: 0, or 10 to 150 in steps of 10 (spec §5). */
const dataDiskExpansionSchema = z
  .number({ error: 'validation.dataDiskGb' })
  .int({ error: 'validation.dataDiskGb' })
  .refine(
    (gb) =>
      gb === 0 ||
      (gb >= LIMITS.diskExpansionMinGb && gb <= LIMITS.diskExpansionMaxGb && gb % LIMITS.diskExpansionStepGb === 0),
    { error: 'validation.dataDiskGb' },
  );

const durationSchema = z
  .number({ error: 'validation.duration' })
  .int({ error: 'validation.duration' })
  .min(1, { error: 'validation.duration' })
  .max(36, { error: 'validation.duration' });

export const applicationRowSchema = z.object({
  id: z.string(),
  appName: z.string(),
  status: ApplicationStatus.schema,
  /** Why it is abnormal, in the caller's language; null otherwise. */
  statusReason: z.string().nullable(),
  imageId: z.string(),
  imageName: z.string(),
  gpuModel: z.string(),
  gpuCount: z.number().int(),
  regionName: z.string(),
  billingMode: BillingMode.schema,
  /** GB beyond the free 50 GB data disk. */
  dataDiskGb: z.number().int(),
  pinned: z.boolean(),
  createTime: z.string(),
  /** When a prepaid rental ends (ISO 8601); null when billed by the minute. */
  expireTime: z.string().nullable(),
  /** When a timed shutdown will stop it; null when none is set. */
  timedStopTime: z.string().nullable(),
  /** When a stopped application's record is deleted unless restarted (7 days after it stopped); null otherwise. */
  deleteTime: z.string().nullable(),
});

const idParams = z.object({ id: idTextSchema });

export const createApplication = defineEndpoint({
  id: 'createApplication',
  method: 'POST',
  path: '/equipment/deviceServer/createApplication',
  auth: 'user',
  summary:
    'Rents an application: real-name verification required; its GPUs are allocated on one host in the accepting ' +
    'transaction and a prepaid mode is charged up front (vouchers first); answers at once with status creating',
  tag: 'applications',
  idempotent: true,
  body: z.object({
    imageId: z
      .string({ error: 'validation.selectApplication' })
      .regex(/^\d{1,18}$/, { error: 'validation.selectApplication' }),
    gpuModel: z
      .string({ error: 'validation.selectGpu' })
      .trim()
      .min(1, { error: 'validation.selectGpu' })
      .max(64, { error: 'validation.selectGpu' }),
    gpuCount: z
      .number({ error: 'validation.gpuCount' })
      .int({ error: 'validation.gpuCount' })
      .min(1, { error: 'validation.gpuCount' })
      .max(8, { error: 'validation.gpuCount' }),
    billingMode: z.enum(BillingMode.values, { error: 'validation.billingMode' }),
    /** Periods prepaid; ignored per minute. */
    duration: durationSchema.default(1),
    dataDiskGb: dataDiskExpansionSchema.default(0),
    regionId: z.string().trim().min(1).max(64).optional(),
    appName: appNameSchema.optional(),
  }),
  data: z.object({ id: z.string(), status: ApplicationStatus.schema }),
});

export const listApplications = defineEndpoint({
  id: 'listApplications',
  method: 'GET',
  path: '/equipment/deviceServer/application',
  auth: 'user',
  summary: "The caller's applications, pinned first, then newest; destroyed ones are left out",
  tag: 'applications',
  query: pageQuerySchema.extend({
    status: z.enum(ApplicationStatus.values, { error: 'validation.applicationStatus' }).optional(),
  }),
  data: pageSchema(applicationRowSchema),
});

export const getApplicationStatusSummary = defineEndpoint({
  id: 'getApplicationStatusSummary',
  method: 'GET',
  path: '/equipment/deviceServer/applicationStatus',
  auth: 'user',
  summary:
    "Counts of the caller's applications: all, running, stopped ones deleted within a day, prepaid ones " +
    'ending within a day',
  tag: 'applications',
  data: z.object({
    total: z.number().int(),
    running: z.number().int(),
    uninstallingSoon: z.number().int(),
    expiringSoon: z.number().int(),
  }),
});

const lifecycleData = z.object({ id: z.string(), status: ApplicationStatus.schema });

export const stopApplication = defineEndpoint({
  id: 'stopApplication',
  method: 'POST',
  path: '/equipment/deviceServer/stopApplication/:id',
  auth: 'user',
  summary: 'Stops the application: its GPUs are released, its disks kept for 7 days',
  tag: 'applications',
  params: idParams,
  data: lifecycleData,
});

export const restartApplication = defineEndpoint({
  id: 'restartApplication',
  method: 'POST',
  path: '/equipment/deviceServer/restartApplication/:id',
  auth: 'user',
  summary:
    'Starts a stopped application again on its host, with GPUs allocated there; 422 "no idle GPU" when the host ' +
    'has none free',
  tag: 'applications',
  params: idParams,
  data: lifecycleData,
});

export const destroyApplication = defineEndpoint({
  id: 'destroyApplication',
  method: 'POST',
  path: '/equipment/deviceServer/destructionApplication/:id',
  auth: 'user',
  summary: 'Destroys the application and its disks; its GPUs are released',
  tag: 'applications',
  params: idParams,
  data: lifecycleData,
});

export const renameApplication = defineEndpoint({
  id: 'renameApplication',
  method: 'POST',
  path: '/equipment/deviceServer/updateApplicationName',
  auth: 'user',
  summary: 'Renames the application (1 to 32 characters)',
  tag: 'applications',
  body: z.object({ id: idTextSchema, appName: appNameSchema }),
  data: z.object({ id: z.string(), appName: z.string() }),
});

export const pinApplication = defineEndpoint({
  id: 'pinApplication',
  method: 'GET',
  path: '/equipment/deviceServer/topApplication/:id',
  auth: 'user',
  summary: 'Pins the application to the top of the list',
  tag: 'applications',
  params: idParams,
  data: z.object({ id: z.string(), pinned: z.boolean() }),
});

export const unpinApplication = defineEndpoint({
  id: 'unpinApplication',
  method: 'GET',
  path: '/equipment/deviceServer/unTopApplication/:id',
  auth: 'user',
  summary: 'Unpins the application',
  tag: 'applications',
  params: idParams,
  data: z.object({ id: z.string(), pinned: z.boolean() }),
});
