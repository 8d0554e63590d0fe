import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { idTextSchema as idText, pageQuerySchema, pageSchema } from '../envelope.js';
import { workspacePathProblem } from '../workspace-paths.js';

/** What a copy onto an application's data disk carries: a model from the model center, or cloud-space files. */
export const TRANSFER_KINDS = ['model', 'data'] as const;
export type TransferKind = (typeof TRANSFER_KINDS)[number];

export const TRANSFER_STATES = ['queued', 'copying', 'done', 'failed'] as const;
export type TransferState = (typeof TRANSFER_STATES)[number];

/** The application a copy goes to: required, with its own message (spec §5). */
export const transferApplicationSchema = z
  .string({ error: 'validation.transferApplication' })
  .regex(/^\d{1,18}$/, { error: 'validation.transferApplication' });

/** The folder on the data disk a copy goes to (workspace-paths.ts). */
export const transferPathSchema = z.string({ error: 'validation.transferPathRequired' }).superRefine((value, ctx) => {
  const problem = workspacePathProblem(value);
  if (problem) {
    ctx.addIssue({
      code: 'custom',
      message: problem === 'required' ? 'validation.transferPathRequired' : 'validation.transferPath',
    });
  }
});

/** One copy onto an application's data disk, as its progress is shown. */
export const transferSchema = z.object({
  id: z.string(),
  applicationId: z.string(),
  kind: z.enum(TRANSFER_KINDS),
  label: z.string(),
  /** The folder on the data disk, from its root (`/models/sd`). */
  directory: z.string(),
  fileCount: z.number().int(),
  bytesDone: z.number().int(),
  bytesTotal: z.number().int(),
  state: z.enum(TRANSFER_STATES),
  /** Why it failed, in the caller's language; null unless failed. */
  failure: z.string().nullable(),
  createTime: z.string(),
  finishTime: z.string().nullable(),
});
export type Transfer = z.infer<typeof transferSchema>;

export const listTransfers = defineEndpoint({
  id: 'listTransfers',
  method: 'GET',
  path: '/equipment/deviceServer/transfers',
  auth: 'user',
  summary: "The caller's copies onto applications' data disks, newest first, of one application when given",
  tag: 'applications',
  query: pageQuerySchema.extend({ applicationId: idText.optional() }),
  data: pageSchema(transferSchema),
});

export const getTransfer = defineEndpoint({
  id: 'getTransfer',
  method: 'GET',
  path: '/equipment/deviceServer/transfers/:id',
  auth: 'user',
  summary: "One of the caller's copies, for its progress (404 for anyone else's)",
  tag: 'applications',
  params: z.object({ id: idText }),
  data: transferSchema,
});
