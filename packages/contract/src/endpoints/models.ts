import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { idTextSchema as idText, pageQuerySchema, pageSchema } from '../envelope.js';
import { transferApplicationSchema, transferPathSchema, transferSchema } from './workspace-transfers.js';

const modelTypeSchema = z.object({ id: z.string(), code: z.string(), name: z.string() });

/** A model of the model center as cards show it, in the caller's language. */
export const modelSummarySchema = z.object({
  id: z.string(),
  /** Its stable name, the default folder it is downloaded to (`/models/<key>`). */
  key: z.string(),
  name: z.string(),
  type: modelTypeSchema,
  summary: z.string(),
  version: z.string(),
  /** The model it was trained from; null for a base model. */
  baseModel: z.string().nullable(),
  licence: z.string(),
  /** Where it comes from (a hub, the community) and its page there. */
  source: z.string(),
  sourceUrl: z.string(),
  /** The size of the model's files in bytes. */
  sizeBytes: z.number().int(),
  likeCount: z.number().int(),
  /** Whether the caller likes it; always false for a guest. */
  liked: z.boolean(),
  createTime: z.string(),
});
export type ModelSummary = z.infer<typeof modelSummarySchema>;

export const modelDetailSchema = modelSummarySchema.extend({
  /** Markdown, in the caller's language. */
  introduction: z.string(),
  /** What a download puts in the folder chosen, by path within it. */
  files: z.array(z.object({ path: z.string(), sizeBytes: z.number().int() })),
});
export type ModelDetail = z.infer<typeof modelDetailSchema>;

export const listModelTypes = defineEndpoint({
  id: 'listModelTypes',
  method: 'GET',
  path: '/system/trainedModel/typeList',
  auth: 'optional',
  summary: 'The types models are filed under (base model, checkpoint, LoRA, VAE, ControlNet…), in display order',
  tag: 'models',
  data: z.array(modelTypeSchema),
});

export const listModels = defineEndpoint({
  id: 'listModels',
  method: 'GET',
  path: '/system/trainedModel/listByUser',
  auth: 'optional',
  summary:
    'One page of the models matching the filters (type, keyword in either name or summary, only those the caller ' +
    'likes), in the center’s order; `liked` is the signed-in caller’s',
  tag: 'models',
  query: pageQuerySchema.extend({
    typeId: idText.optional(),
    keyword: z.string().trim().max(64).optional(),
    liked: z.enum(['true', 'false']).optional(),
  }),
  data: pageSchema(modelSummarySchema),
});

export const getModel = defineEndpoint({
  id: 'getModel',
  method: 'GET',
  path: '/system/trainedModel/:id',
  auth: 'optional',
  summary: 'One model with its introduction and files (404 naming the id when there is none)',
  tag: 'models',
  params: z.object({ id: idText }),
  data: modelDetailSchema,
});

export const toggleModelLike = defineEndpoint({
  id: 'toggleModelLike',
  method: 'GET',
  path: '/system/trainedModel/like',
  auth: 'user',
  summary: 'Likes the model, or takes the like back when the caller already likes it; answers the new state',
  tag: 'models',
  query: z.object({ modelId: idText }),
  data: z.object({ liked: z.boolean(), likeCount: z.number().int() }),
});

export const downloadModelToApplication = defineEndpoint({
  id: 'downloadModelToApplication',
  method: 'GET',
  path: '/equipment/deviceServer/downloadModelToTheApplication',
  auth: 'user',
  summary:
    "Copies the model's files into the folder `path` of the caller's running application; answers the copy at once, " +
    'whose progress getTransfer shows. 400 naming applicationId or path without them, 409 when it is not running',
  tag: 'models',
  query: z.object({ modelId: idText, applicationId: transferApplicationSchema, path: transferPathSchema }),
  data: transferSchema,
});
