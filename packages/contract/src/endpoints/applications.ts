import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { defineEndpoint } from '../endpoint.js';
import { idTextSchema, moneyTextSchema, pageQuerySchema, pageSchema } from '../envelope.js';
import { ApplicationStatus, BillingMode } from '../enums.js';
import { IMAGE_LINK_KINDS } from './catalogue.js';

/** What the user asked of an application; the reconciler drives its observed status towards it (ARCHITECTURE §5). */
export const DESIRED_STATES = ['running', 'stopped', 'destroyed'] as const;

/** Declared in LIMITS, which the console's zod-free bundle also has. */
export const APP_NAME_MAX_LENGTH = LIMITS.appNameMaxLength;

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
  .max(LIMITS.rentalPeriodsMax, { error: 'validation.duration' });

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
  /** Its order, under which every charge of it is posted. */
  orderNo: z.string(),
  /** What it has cost so far: prepaid terms and billed minutes, vouchers included. */
  cost: moneyTextSchema,
  /** Billed by the minute: the whole minutes billed so far. */
  billedMinutes: z.number().int(),
  /** Billed by the minute: what an hour of it costs; null when prepaid. */
  hourlyPrice: moneyTextSchema.nullable(),
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
    'transaction and a prepaid mode is charged up front (vouchers first); answers at once with status creating. ' +
    '409 naming gpuModel when the GPU model is sold out',
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
    /**
     * A saved image (the caller's, or one shared with them and not canceled) whose archive is restored onto the data
     * disk before the first start; the application runs its original image, which `imageId` must name.
     */
    userImageId: z
      .string({ error: 'validation.userImageId' })
      .regex(/^\d{1,18}$/, { error: 'validation.userImageId' })
      .optional(),
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

export const getApplication = defineEndpoint({
  id: 'getApplication',
  method: 'GET',
  path: '/equipment/deviceServer/application/:id',
  auth: 'user',
  summary: "One of the caller's applications as the list shows it (/viewApp); 404 when it is not theirs or destroyed",
  tag: 'applications',
  params: idParams,
  data: applicationRowSchema,
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

export const getDestroyQuote = defineEndpoint({
  id: 'getDestroyQuote',
  method: 'GET',
  path: '/equipment/deviceServer/destructionQuote/:id',
  auth: 'user',
  summary:
    'What destroying the application now would give back: a prepaid term not over is refunded pro rata to the time ' +
    'left (amount), less the refund fee (fee); refund is what comes back, "0.00" when nothing does',
  tag: 'applications',
  params: idParams,
  data: z.object({ id: z.string(), amount: z.string(), fee: z.string(), refund: z.string() }),
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

export const setTimedStop = defineEndpoint({
  id: 'setTimedStop',
  method: 'GET',
  path: '/equipment/deviceServer/timedStopApplication/:id',
  auth: 'user',
  summary:
    'Sets when a running application stops by itself (`time`, ISO 8601, in the future and within 30 days), or ' +
    'cancels it when `time` is empty or omitted',
  tag: 'applications',
  params: idParams,
  query: z.object({
    time: z.union([z.literal(''), z.iso.datetime({ offset: true, error: 'validation.timedStopTime' })]).optional(),
  }),
  data: z.object({ id: z.string(), timedStopTime: z.string().nullable() }),
});

export const renewApplication = defineEndpoint({
  id: 'renewApplication',
  method: 'POST',
  path: '/equipment/deviceServer/renewalApplication',
  auth: 'user',
  summary:
    'Extends a prepaid application by `duration` periods of its billing mode, charged now (vouchers first); the new ' +
    'end counts from the old one, or from now when it has passed',
  tag: 'applications',
  idempotent: true,
  body: z.object({ id: idTextSchema, duration: durationSchema }),
  data: z.object({ id: z.string(), expireTime: z.string(), price: moneyTextSchema }),
});

export const expandDataDisk = defineEndpoint({
  id: 'expandDataDisk',
  method: 'POST',
  path: '/equipment/deviceServer/expandDataDisk',
  auth: 'user',
  summary:
    "Raises an application's data-disk expansion to `dataDiskGb` GB in all beyond the free 50 GB (10 to 150, steps " +
    'of 10; never lowered: 422 naming dataDiskGb when not larger than now), running or not. Nothing is charged now: ' +
    'the daily 0:00 settlement charges the whole day for the size held then. 409 for a destroyed application, 422 ' +
    'while it is changing status and naming amount while it owes data-disk arrears. Answers the new size and what ' +
    'a day of it costs',
  tag: 'applications',
  idempotent: true,
  body: z.object({ id: idTextSchema, dataDiskGb: dataDiskExpansionSchema }),
  data: z.object({ id: z.string(), dataDiskGb: z.number().int(), dailyPrice: moneyTextSchema }),
});

/**
 * Which links of an application to list: `live`, the application itself (saved records get theirs from the
 * recordApp call family).
 */
export const LINK_SCOPES = ['live'] as const;

export const applicationLinkSchema = z.object({
  name: z.string(),
  port: z.number().int(),
  kind: z.enum(IMAGE_LINK_KINDS),
  /** The link's own origin, `http(s)://<id>-<port>.<APP_DOMAIN>/`: it opens only with a login from appLogin. */
  url: z.string(),
});

export const listApplicationLinks = defineEndpoint({
  id: 'listApplicationLinks',
  method: 'POST',
  path: '/equipment/deviceServer/applicationLinks/:id/:scope',
  auth: 'user',
  summary:
    "The links the application's image declares, each on an origin of its own (ARCHITECTURE §5); listed whatever " +
    'the status, as they open only while it runs',
  tag: 'applications',
  params: z.object({
    id: idTextSchema,
    scope: z.enum(LINK_SCOPES, { error: 'validation.linkScope' }),
  }),
  data: z.array(applicationLinkSchema),
});

export const appLogin = defineEndpoint({
  id: 'appLogin',
  method: 'POST',
  path: '/equipment/deviceServer/appLogin/:id/:port',
  auth: 'user',
  summary:
    "A one-time login URL on the link's own origin, valid for 60 seconds: opening it sets a cookie for that origin " +
    'alone, so that the application never sees the console token. Owner only, while running, for a port its image ' +
    'declares',
  tag: 'applications',
  params: z.object({
    id: idTextSchema,
    port: z.coerce
      .number({ error: 'validation.linkPort' })
      .int({ error: 'validation.linkPort' })
      .min(1, { error: 'validation.linkPort' })
      .max(65_535, { error: 'validation.linkPort' }),
  }),
  data: z.object({ url: z.string() }),
});

export const checkApplicationStatus = defineEndpoint({
  id: 'checkApplicationStatus',
  method: 'POST',
  path: '/equipment/deviceServer/checkApplicationStatus',
  auth: 'user',
  summary:
    "One of the caller's applications' status, for a poller: the body is the application's id as plain text " +
    '(`Content-Type: text/plain`), or `{ "id" }` as JSON',
  tag: 'applications',
  body: z.object({ id: idTextSchema }),
  data: z.object({ id: z.string(), status: ApplicationStatus.schema, statusReason: z.string().nullable() }),
});

// Saved application records (spec §4 "two call families"): a stopped application keeps its disks as a record, and
// these calls act on it as the live family does on running ones.

export const listRecordLinks = defineEndpoint({
  id: 'listRecordLinks',
  method: 'GET',
  path: '/equipment/recordApp/recordApplicationLinks/:id',
  auth: 'user',
  summary: "A saved record's links, as `applicationLinks` lists a live application's",
  tag: 'applications',
  params: idParams,
  data: z.array(applicationLinkSchema),
});

export const restartRecord = defineEndpoint({
  id: 'restartRecord',
  method: 'GET',
  path: '/equipment/recordApp/restartApplication/:id',
  auth: 'user',
  summary: 'Starts a saved record again on its host (422 "no idle GPU" when its host has none free)',
  tag: 'applications',
  params: idParams,
  data: lifecycleData,
});

export const stopRecord = defineEndpoint({
  id: 'stopRecord',
  method: 'GET',
  path: '/equipment/recordApp/stopApplication/:id',
  auth: 'user',
  summary: 'Stops a record that was being started again',
  tag: 'applications',
  params: idParams,
  data: lifecycleData,
});

export const destroyRecord = defineEndpoint({
  id: 'destroyRecord',
  method: 'DELETE',
  path: '/equipment/recordApp/destructionApplication/:id',
  auth: 'user',
  summary: 'Deletes a saved record and its disks',
  tag: 'applications',
  params: idParams,
  data: lifecycleData,
});

export const renameRecord = defineEndpoint({
  id: 'renameRecord',
  method: 'PUT',
  path: '/equipment/recordApp/updateApplicationName',
  auth: 'user',
  summary: 'Renames a saved record (1 to 32 characters)',
  tag: 'applications',
  body: z.object({ recordId: idTextSchema, appName: appNameSchema }),
  data: z.object({ id: z.string(), appName: z.string() }),
});
