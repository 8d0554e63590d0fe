import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { defineEndpoint } from '../endpoint.js';
import { idTextSchema, pageQuerySchema, pageSchema } from '../envelope.js';
import { operatorReasonSchema } from '../validation.js';
import { IMAGE_LINK_KINDS } from './catalogue.js';

/**
 * Operators' catalogue (issue 23, area `review`): official images and their types, the banner, and the model center's
 * models. A hidden row leaves what users see and rent; applications already running from it carry on. Every change
 * names the version it was read at and is refused 409 when the row moved since (compare-and-set).
 */

const versionSchema = z
  .number({ error: 'validation.catalogueDesk.version' })
  .int({ error: 'validation.catalogueDesk.version' })
  .min(1, { error: 'validation.catalogueDesk.version' });

const text = (max: number, key: string) =>
  z
    .string({ error: `validation.catalogueDesk.${key}` })
    .trim()
    .min(1, { error: `validation.catalogueDesk.${key}` })
    .max(max, { error: `validation.catalogueDesk.${key}` });

const introductionSchema = z
  .string({ error: 'validation.catalogueDesk.introduction' })
  .max(LIMITS.imageIntroductionMaxLength, { error: 'validation.catalogueDesk.introduction' });

const hiddenFilterSchema = z.enum(['true', 'false'], { error: 'validation.catalogueDesk.hidden' }).optional();
const keywordSchema = z.string().trim().max(64, { error: 'validation.catalogueDesk.keyword' }).optional();

const hideBody = z.object({
  hidden: z.boolean({ error: 'validation.catalogueDesk.hidden' }),
  version: versionSchema,
  reason: operatorReasonSchema,
});

/* Image types */

export const deskImageTypeSchema = z.object({
  id: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  sort: z.number().int(),
  hidden: z.boolean(),
  /** Official and community images filed under it. */
  imageCount: z.number().int(),
  version: z.number().int(),
});
export type DeskImageType = z.infer<typeof deskImageTypeSchema>;

const imageTypeFields = {
  nameZh: text(32, 'typeName'),
  nameEn: text(64, 'typeName'),
  sort: z
    .number({ error: 'validation.catalogueDesk.sort' })
    .int({ error: 'validation.catalogueDesk.sort' })
    .min(0, { error: 'validation.catalogueDesk.sort' })
    .max(9999, { error: 'validation.catalogueDesk.sort' }),
};

export const listDeskImageTypes = defineEndpoint({
  id: 'listDeskImageTypes',
  method: 'GET',
  path: '/admin/review/catalogue/image-types',
  auth: 'user',
  operator: 'review',
  summary: 'Operators: every image type, hidden ones too, in display order, with its images counted and its version',
  tag: 'admin',
  data: z.array(deskImageTypeSchema),
});

export const addDeskImageType = defineEndpoint({
  id: 'addDeskImageType',
  method: 'POST',
  path: '/admin/review/catalogue/image-types',
  auth: 'user',
  operator: 'review',
  summary: 'Operators: adds an image type, named in both languages, at the place `sort` gives it (lower first)',
  tag: 'admin',
  body: z.object({ ...imageTypeFields, reason: operatorReasonSchema }),
  data: deskImageTypeSchema,
});

export const updateDeskImageType = defineEndpoint({
  id: 'updateDeskImageType',
  method: 'PUT',
  path: '/admin/review/catalogue/image-types/:id',
  auth: 'user',
  operator: 'review',
  summary: 'Operators: renames an image type or moves it (`sort`); 409 when it changed since `version`',
  tag: 'admin',
  params: z.object({ id: idTextSchema }),
  body: z.object({ ...imageTypeFields, version: versionSchema, reason: operatorReasonSchema }),
  data: deskImageTypeSchema,
});

export const hideDeskImageType = defineEndpoint({
  id: 'hideDeskImageType',
  method: 'POST',
  path: '/admin/review/catalogue/image-types/:id/hidden',
  auth: 'user',
  operator: 'review',
  summary:
    'Operators: hides an image type, with every image filed under it, from the catalogue and from renting, or shows ' +
    'it again; running applications carry on. 409 when it changed since `version`',
  tag: 'admin',
  params: z.object({ id: idTextSchema }),
  body: hideBody,
  data: deskImageTypeSchema,
});

/* Official images */

const linkSchema = z.object({
  name: text(32, 'linkName'),
  port: z
    .number({ error: 'validation.catalogueDesk.linkPort' })
    .int({ error: 'validation.catalogueDesk.linkPort' })
    .min(1, { error: 'validation.catalogueDesk.linkPort' })
    .max(65_535, { error: 'validation.catalogueDesk.linkPort' }),
  kind: z.enum(IMAGE_LINK_KINDS, { error: 'validation.catalogueDesk.linkKind' }),
});

export const deskImageSchema = z.object({
  id: z.string(),
  name: z.string(),
  summaryZh: z.string(),
  summaryEn: z.string(),
  introductionZh: z.string(),
  introductionEn: z.string(),
  typeId: z.string(),
  typeNameZh: z.string(),
  typeNameEn: z.string(),
  minGpuMemoryGb: z.number().int(),
  links: z.array(linkSchema),
  hidden: z.boolean(),
  /** Its place in the application center's banner (lower first); null when it is not in the banner. */
  bannerOrder: z.number().int().nullable(),
  likeCount: z.number().int(),
  createTime: z.string(),
  version: z.number().int(),
});
export type DeskImage = z.infer<typeof deskImageSchema>;

const imageFields = {
  name: text(64, 'imageName'),
  summaryZh: text(200, 'summary'),
  summaryEn: text(200, 'summary'),
  introductionZh: introductionSchema,
  introductionEn: introductionSchema,
  typeId: idTextSchema,
  minGpuMemoryGb: z
    .number({ error: 'validation.catalogueDesk.minGpuMemoryGb' })
    .int({ error: 'validation.catalogueDesk.minGpuMemoryGb' })
    .min(0, { error: 'validation.catalogueDesk.minGpuMemoryGb' })
    .max(1024, { error: 'validation.catalogueDesk.minGpuMemoryGb' }),
  links: z.array(linkSchema).max(8, { error: 'validation.catalogueDesk.links' }),
};

export const listDeskImages = defineEndpoint({
  id: 'listDeskImages',
  method: 'GET',
  path: '/admin/review/catalogue/images',
  auth: 'user',
  operator: 'review',
  summary:
    'Operators: a page of official images, hidden ones too, as operators added them, filtered by type, by hidden or ' +
    'shown and by a word of the name; each in both languages with its version',
  tag: 'admin',
  query: pageQuerySchema.extend({
    typeId: idTextSchema.optional(),
    hidden: hiddenFilterSchema,
    keyword: keywordSchema,
  }),
  data: pageSchema(deskImageSchema),
});

export const addDeskImage = defineEndpoint({
  id: 'addDeskImage',
  method: 'POST',
  path: '/admin/review/catalogue/images',
  auth: 'user',
  operator: 'review',
  summary:
    'Operators: adds an official image, shown in the catalogue and rentable at once; 404 naming `typeId` for no such ' +
    'type, 409 naming `name` when an official image of that name exists',
  tag: 'admin',
  body: z.object({ ...imageFields, reason: operatorReasonSchema }),
  data: deskImageSchema,
});

export const updateDeskImage = defineEndpoint({
  id: 'updateDeskImage',
  method: 'PUT',
  path: '/admin/review/catalogue/images/:id',
  auth: 'user',
  operator: 'review',
  summary:
    'Operators: changes an official image (name, texts, type, GPU memory, links), which new applications use; ' +
    'running ones keep what they started with. 409 when it changed since `version`',
  tag: 'admin',
  params: z.object({ id: idTextSchema }),
  body: z.object({ ...imageFields, version: versionSchema, reason: operatorReasonSchema }),
  data: deskImageSchema,
});

export const hideDeskImage = defineEndpoint({
  id: 'hideDeskImage',
  method: 'POST',
  path: '/admin/review/catalogue/images/:id/hidden',
  auth: 'user',
  operator: 'review',
  summary:
    'Operators: hides an official image from the catalogue, its banner and renting, or shows it again; running ' +
    'applications carry on. 409 when it changed since `version`',
  tag: 'admin',
  params: z.object({ id: idTextSchema }),
  body: hideBody,
  data: deskImageSchema,
});

export const setDeskImageBanner = defineEndpoint({
  id: 'setDeskImageBanner',
  method: 'POST',
  path: '/admin/review/catalogue/images/:id/banner',
  auth: 'user',
  operator: 'review',
  summary:
    'Operators: puts an official image in the application center’s banner at place `bannerOrder` (lower first), or ' +
    'takes it out (null). 409 when it changed since `version`',
  tag: 'admin',
  params: z.object({ id: idTextSchema }),
  body: z.object({
    bannerOrder: z
      .number({ error: 'validation.catalogueDesk.bannerOrder' })
      .int({ error: 'validation.catalogueDesk.bannerOrder' })
      .min(1, { error: 'validation.catalogueDesk.bannerOrder' })
      .max(99, { error: 'validation.catalogueDesk.bannerOrder' })
      .nullable(),
    version: versionSchema,
    reason: operatorReasonSchema,
  }),
  data: deskImageSchema,
});

/* Models of the model center */

export const deskModelSchema = z.object({
  id: z.string(),
  key: z.string(),
  typeId: z.string(),
  typeNameZh: z.string(),
  typeNameEn: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  summaryZh: z.string(),
  summaryEn: z.string(),
  introductionZh: z.string(),
  introductionEn: z.string(),
  /** The model's own version, as its publisher names it. */
  modelVersion: z.string(),
  baseModel: z.string().nullable(),
  licence: z.string(),
  source: z.string(),
  sourceUrl: z.string(),
  sizeBytes: z.number().int(),
  hidden: z.boolean(),
  likeCount: z.number().int(),
  createTime: z.string(),
  /** What a change compares and sets (the row's, not the model's version). */
  version: z.number().int(),
});
export type DeskModel = z.infer<typeof deskModelSchema>;

const modelFields = {
  typeId: idTextSchema,
  nameZh: text(64, 'modelName'),
  nameEn: text(64, 'modelName'),
  summaryZh: text(200, 'summary'),
  summaryEn: text(200, 'summary'),
  introductionZh: introductionSchema,
  introductionEn: introductionSchema,
  modelVersion: text(32, 'modelVersion'),
  baseModel: z.string().trim().max(64, { error: 'validation.catalogueDesk.baseModel' }).nullable(),
  licence: text(64, 'licence'),
  source: text(64, 'source'),
  sourceUrl: z
    .string({ error: 'validation.catalogueDesk.sourceUrl' })
    .trim()
    .max(300, { error: 'validation.catalogueDesk.sourceUrl' })
    .regex(/^https:\/\/\S+$/, { error: 'validation.catalogueDesk.sourceUrl' }),
  sizeBytes: z
    .number({ error: 'validation.catalogueDesk.sizeBytes' })
    .int({ error: 'validation.catalogueDesk.sizeBytes' })
    .min(0, { error: 'validation.catalogueDesk.sizeBytes' })
    .max(Number.MAX_SAFE_INTEGER, { error: 'validation.catalogueDesk.sizeBytes' }),
};

export const listDeskModels = defineEndpoint({
  id: 'listDeskModels',
  method: 'GET',
  path: '/admin/review/catalogue/models',
  auth: 'user',
  operator: 'review',
  summary:
    'Operators: a page of the model center’s models, hidden ones too, as operators added them, filtered by type, by ' +
    'hidden or shown and by a word of either name or the key; each in both languages with its version',
  tag: 'admin',
  query: pageQuerySchema.extend({
    typeId: idTextSchema.optional(),
    hidden: hiddenFilterSchema,
    keyword: keywordSchema,
  }),
  data: pageSchema(deskModelSchema),
});

export const addDeskModel = defineEndpoint({
  id: 'addDeskModel',
  method: 'POST',
  path: '/admin/review/catalogue/models',
  auth: 'user',
  operator: 'review',
  summary:
    'Operators: adds a model to the model center, shown at once; `key` names its files in the model source. 404 ' +
    'naming `typeId` for no such type, 409 naming `key` when a model has it',
  tag: 'admin',
  body: z.object({
    ...modelFields,
    key: z
      .string({ error: 'validation.catalogueDesk.modelKey' })
      .trim()
      .max(64, { error: 'validation.catalogueDesk.modelKey' })
      .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, { error: 'validation.catalogueDesk.modelKey' }),
    reason: operatorReasonSchema,
  }),
  data: deskModelSchema,
});

export const updateDeskModel = defineEndpoint({
  id: 'updateDeskModel',
  method: 'PUT',
  path: '/admin/review/catalogue/models/:id',
  auth: 'user',
  operator: 'review',
  summary: 'Operators: changes a model’s texts, type and facts (its key stays); 409 when it changed since `version`',
  tag: 'admin',
  params: z.object({ id: idTextSchema }),
  body: z.object({ ...modelFields, version: versionSchema, reason: operatorReasonSchema }),
  data: deskModelSchema,
});

export const hideDeskModel = defineEndpoint({
  id: 'hideDeskModel',
  method: 'POST',
  path: '/admin/review/catalogue/models/:id/hidden',
  auth: 'user',
  operator: 'review',
  summary:
    'Operators: hides a model from the model center (downloads already started finish), or shows it again; 409 when ' +
    'it changed since `version`',
  tag: 'admin',
  params: z.object({ id: idTextSchema }),
  body: hideBody,
  data: deskModelSchema,
});
