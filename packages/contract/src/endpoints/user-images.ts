import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { idTextSchema, moneyTextSchema, pageQuerySchema, pageSchema } from '../envelope.js';
import { operatorReasonSchema, phoneSchema } from '../validation.js';

/** An image's upload (spec §4): uploading, then complete or failed. */
export const USER_IMAGE_STATES = ['uploading', 'complete', 'failed'] as const;
export type UserImageState = (typeof USER_IMAGE_STATES)[number];

/** A share (spec §4): sharing, then canceled. */
export const SHARE_STATES = ['sharing', 'canceled'] as const;

/** A submission to the community catalogue (kolUpdateImage), as an operator's review leaves it. */
export const REVIEW_STATES = ['pending', 'published', 'rejected'] as const;

export const USER_IMAGE_NAME_MAX_LENGTH = 32;
export const USER_IMAGE_REMARK_MAX_LENGTH = 200;

const imageId = z.string({ error: 'validation.userImageId' }).regex(/^\d{1,18}$/, { error: 'validation.userImageId' });

/** One of the caller's images, or one shared with them (spec §3 "Image"). */
export const userImageSchema = z.object({
  id: z.string(),
  name: z.string(),
  remark: z.string(),
  state: z.enum(USER_IMAGE_STATES),
  /** 0 to 100 while uploading; 100 once complete. */
  progress: z.number().int(),
  sizeBytes: z.number().int(),
  /** The catalogue image the application ran: the original image. */
  baseImageId: z.string(),
  baseImageName: z.string(),
  createTime: z.string(),
  completeTime: z.string().nullable(),
  /** Why it failed, in the driver's words; null unless failed. */
  failureReason: z.string().nullable(),
  /** The caller's own image, or one shared with them. */
  owned: z.boolean(),
  /** Owned: whether any share of it is active (sharing), all were canceled (canceled), or none was made (null). */
  shareStatus: z.enum(SHARE_STATES).nullable(),
  /** Owned: its latest submission to the community catalogue, if any. */
  reviewState: z.enum(REVIEW_STATES).nullable(),
  /** Owned and its latest submission rejected: the operator's note to its creator. */
  reviewNote: z.string().nullable(),
});

export const saveUserImage = defineEndpoint({
  id: 'saveUserImage',
  method: 'POST',
  path: '/system/applicationUserImage',
  auth: 'user',
  summary:
    "Saves the caller's application (not destroyed) as an image with a name and a remark: answers at once with state " +
    "uploading; the application's data disk is archived into the object store, and the image becomes complete with its " +
    'size or failed with a reason',
  tag: 'images',
  body: z.object({
    applicationId: z
      .string({ error: 'validation.selectApplication' })
      .regex(/^\d{1,18}$/, { error: 'validation.selectApplication' }),
    name: z
      .string({ error: 'validation.userImageName' })
      .trim()
      .min(1, { error: 'validation.userImageName' })
      .max(USER_IMAGE_NAME_MAX_LENGTH, { error: 'validation.userImageName' }),
    remark: z
      .string({ error: 'validation.userImageRemark' })
      .trim()
      .max(USER_IMAGE_REMARK_MAX_LENGTH, { error: 'validation.userImageRemark' })
      .default(''),
  }),
  data: z.object({ id: z.string(), state: z.enum(USER_IMAGE_STATES) }),
});

export const listUserImages = defineEndpoint({
  id: 'listUserImages',
  method: 'GET',
  path: '/system/applicationUserImage/listByUSer',
  auth: 'user',
  summary: "The caller's images and those shared with them (active shares only), newest first",
  tag: 'images',
  query: z.object({ scope: z.enum(['mine', 'shared']).optional() }),
  data: z.array(userImageSchema),
});

export const getUserImageStorage = defineEndpoint({
  id: 'getUserImageStorage',
  method: 'GET',
  path: '/system/applicationUserImage/getApplicationImageSizeByUser',
  auth: 'user',
  summary:
    "The size of the caller's saved images, the free allowance, and what beyond it is billed daily at 0:00 as mirror " +
    'storage',
  tag: 'images',
  data: z.object({
    totalBytes: z.number().int(),
    freeBytes: z.number().int(),
    /** Whole GB beyond the allowance, each started GB counted. */
    billedGb: z.number().int(),
    pricePerGbDay: z.string(),
    dailyCost: moneyTextSchema,
  }),
});

export const deleteUserImage = defineEndpoint({
  id: 'deleteUserImage',
  method: 'GET',
  path: '/system/applicationUserImage/deleteByUser',
  auth: 'user',
  summary:
    "Deletes the caller's image and its archive; refused while it is uploading. Applications created from it keep " +
    'their data',
  tag: 'images',
  query: z.object({ id: imageId }),
  data: z.object({ id: z.string() }),
});

const shareRecordSchema = z.object({
  id: z.string(),
  /** The receiver's phone, masked as the share record shows it (138****8000). */
  phone: z.string(),
  shareTime: z.string(),
  cancelTime: z.string().nullable(),
  status: z.enum(SHARE_STATES),
});

export const shareImage = defineEndpoint({
  id: 'shareImage',
  method: 'POST',
  path: '/system/imageUser/shareImage',
  auth: 'user',
  summary:
    "Shares the caller's complete image with the user registered under a phone number; sharing again with the same " +
    'user answers the active share. Refused for a phone no user has, and for the caller themselves',
  tag: 'images',
  body: z.object({ imageId, phone: phoneSchema }),
  data: shareRecordSchema,
});

export const cancelShareImage = defineEndpoint({
  id: 'cancelShareImage',
  method: 'POST',
  path: '/system/imageUser/cancelShareImage',
  auth: 'user',
  summary:
    "Cancels a share of the caller's image: the receiver can no longer create applications from it; those created " +
    'before keep running',
  tag: 'images',
  body: z.object({
    id: z.string({ error: 'validation.shareId' }).regex(/^\d{1,18}$/, { error: 'validation.shareId' }),
  }),
  data: shareRecordSchema,
});

export const listImageShares = defineEndpoint({
  id: 'listImageShares',
  method: 'GET',
  path: '/system/imageUser/selectShareImageByApplicationId/:id',
  auth: 'user',
  summary:
    "The share record of the caller's image: each receiver's masked phone, the time and the status, newest first",
  tag: 'images',
  params: z.object({ id: imageId }),
  data: z.array(shareRecordSchema),
});

export const submitImageToCommunity = defineEndpoint({
  id: 'submitImageToCommunity',
  method: 'POST',
  path: '/equipment/applications/kolUpdateImage',
  auth: 'user',
  summary:
    "Submits the caller's complete image to the community catalogue: pending until an operator granted review " +
    'publishes or rejects it; one pending submission per image',
  tag: 'images',
  query: z.object({ imageId }),
  data: z.object({ id: z.string(), reviewState: z.enum(REVIEW_STATES) }),
});

export const listImageSubmissions = defineEndpoint({
  id: 'listImageSubmissions',
  method: 'GET',
  path: '/admin/review/imageSubmissions',
  auth: 'user',
  operator: 'review',
  summary:
    'Operators: submissions of saved images to the community in a review state (pending unless told), oldest first',
  tag: 'admin',
  query: pageQuerySchema.extend({ state: z.enum(REVIEW_STATES).default('pending') }),
  data: pageSchema(
    z.object({
      id: z.string(),
      imageId: z.string(),
      name: z.string(),
      remark: z.string(),
      ownerId: z.string(),
      baseImageName: z.string(),
      sizeBytes: z.number().int(),
      submittedAt: z.string(),
      reviewState: z.enum(REVIEW_STATES),
      reason: z.string().nullable(),
    }),
  ),
});

export const reviewImageSubmission = defineEndpoint({
  id: 'reviewImageSubmission',
  method: 'POST',
  path: '/admin/review/imageSubmissions/:id',
  auth: 'user',
  operator: 'review',
  summary:
    'Operators: publishes a pending submission as a community image of its creator (renting it restores the saved ' +
    'disk), or rejects it with the reason',
  tag: 'admin',
  params: z.object({ id: idTextSchema }),
  body: z.object({ decision: z.enum(['publish', 'reject']), reason: operatorReasonSchema }),
  data: z.object({ id: z.string(), reviewState: z.enum(REVIEW_STATES), publishedImageId: z.string().nullable() }),
});
