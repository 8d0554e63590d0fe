import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { defineEndpoint } from '../endpoint.js';
import { idTextSchema as idText, pageQuerySchema, pageSchema } from '../envelope.js';
import { operatorReasonSchema } from '../validation.js';

/** Official images belong to the platform; community images to the user who published them. */
export const IMAGE_KINDS = ['official', 'community'] as const;
export type ImageKind = (typeof IMAGE_KINDS)[number];

export const IMAGE_LINK_KINDS = ['jupyter', 'terminal', 'webui', 'api'] as const;

/** The longest introduction an owner may write; declared in LIMITS, which the console's zod-free bundle also has. */
export const IMAGE_INTRODUCTION_MAX_LENGTH = LIMITS.imageIntroductionMaxLength;

export const imageLinkSchema = z.object({
  name: z.string(),
  port: z.number().int(),
  kind: z.enum(IMAGE_LINK_KINDS),
});
export type ImageLink = z.infer<typeof imageLinkSchema>;

const imageTypeSchema = z.object({ id: z.string(), name: z.string() });

/** One image as lists show it: name, text in the caller's language, its type, likes and what it exposes. */
export const imageSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(IMAGE_KINDS),
  type: imageTypeSchema,
  summary: z.string(),
  likeCount: z.number().int(),
  /** Whether the caller likes it; always false for a guest. */
  liked: z.boolean(),
  minGpuMemoryGb: z.number().int(),
  links: z.array(imageLinkSchema),
  createTime: z.string(),
});

export const imageDetailSchema = imageSummarySchema.extend({
  /** Markdown, in the caller's language. */
  introduction: z.string(),
  /**
   * Whether the caller may revise the introduction: the owner of a community image, an operator granted `review` for an
   * official one (through reviseOfficialImageIntroduction).
   */
  revisable: z.boolean(),
});

const listFilters = {
  typeId: idText.optional(),
  keyword: z.string().trim().max(64).optional(),
  kind: z.enum(IMAGE_KINDS).optional(),
};

export const listImageTypes = defineEndpoint({
  id: 'listImageTypes',
  method: 'GET',
  path: '/system/applicationImageType/listByUser',
  auth: 'optional',
  summary: 'The types images are filed under, in display order',
  tag: 'catalogue',
  data: z.array(imageTypeSchema),
});

export const listImages = defineEndpoint({
  id: 'listImages',
  method: 'GET',
  path: '/system/applicationImage/listByUser',
  auth: 'optional',
  summary: 'Every image matching the filters (type, keyword in name or summary, kind), newest first, at most 100',
  tag: 'catalogue',
  query: z.object(listFilters),
  data: z.array(imageSummarySchema),
});

export const listImagePage = defineEndpoint({
  id: 'listImagePage',
  method: 'GET',
  path: '/system/applicationImage/listByUserPage',
  auth: 'optional',
  summary: 'One page of the images matching the filters, newest first; `liked` is the signed-in caller’s',
  tag: 'catalogue',
  query: pageQuerySchema.extend(listFilters),
  data: pageSchema(imageSummarySchema),
});

export const listBannerImages = defineEndpoint({
  id: 'listBannerImages',
  method: 'GET',
  path: '/system/applicationImage/bannnerImages',
  auth: 'optional',
  summary: 'The images featured in the application center’s banner, in banner order',
  tag: 'catalogue',
  data: z.array(imageSummarySchema),
});

export const getImage = defineEndpoint({
  id: 'getImage',
  method: 'GET',
  path: '/system/applicationImage/getApplicationImageById/:id',
  auth: 'optional',
  summary: 'One image with its introduction (404 naming the id when there is none)',
  tag: 'catalogue',
  params: z.object({ id: idText }),
  data: imageDetailSchema,
});

export const toggleImageLike = defineEndpoint({
  id: 'toggleImageLike',
  method: 'GET',
  path: '/system/applicationImage/like',
  auth: 'user',
  summary: 'Likes the image, or takes the like back when the caller already likes it; answers the new state',
  tag: 'catalogue',
  query: z.object({ imageId: idText }),
  data: z.object({ liked: z.boolean(), likeCount: z.number().int() }),
});

export const listLikedImages = defineEndpoint({
  id: 'listLikedImages',
  method: 'GET',
  path: '/system/applicationImage/listUserLikedImages',
  auth: 'user',
  summary: 'The images the caller likes, latest like first',
  tag: 'catalogue',
  query: pageQuerySchema,
  data: pageSchema(imageSummarySchema),
});

export const reviseImageIntroduction = defineEndpoint({
  id: 'reviseImageIntroduction',
  method: 'PUT',
  path: '/system/applicationImage/updateReviseIntroduction',
  auth: 'user',
  summary:
    "Replaces the introduction of the caller's own community image in the caller's language; 403 to anyone else " +
    '(an official image is revised by operators, reviseOfficialImageIntroduction)',
  tag: 'catalogue',
  body: z.object({
    id: idText,
    introduction: z.string().max(IMAGE_INTRODUCTION_MAX_LENGTH),
  }),
  data: z.object({ id: z.string(), introduction: z.string() }),
});

export const reviseOfficialImageIntroduction = defineEndpoint({
  id: 'reviseOfficialImageIntroduction',
  method: 'PUT',
  path: '/admin/review/images/:id/introduction',
  auth: 'user',
  operator: 'review',
  summary: "Operators: replaces an official image's introduction in the caller's language",
  tag: 'admin',
  params: z.object({ id: idText }),
  body: z.object({
    introduction: z.string().max(IMAGE_INTRODUCTION_MAX_LENGTH),
    reason: operatorReasonSchema,
  }),
  data: z.object({ id: z.string(), introduction: z.string() }),
});
