import { z } from 'zod';
import { CLOUD_SPACE } from '../constants.js';
import { defineEndpoint } from '../endpoint.js';
import { transferApplicationSchema, transferPathSchema, transferSchema } from './workspace-transfers.js';

// The cloud space (spec §7 "Files and storage", §9 "Storage"): a user's folders and files by path. Bytes never pass
// through these calls: the browser PUTs them to signed links and GETs them from a named download link.

const segmentOk = (segment: string) =>
  segment.length > 0 &&
  segment !== '.' &&
  segment !== '..' &&
  segment.length <= CLOUD_SPACE.maxNameLength &&
  ![...segment].some((char) => char.charCodeAt(0) < 0x20 || char === '\u007f' || char === '\\');

/** A folder: '/', '/a' or '/a/b/' alike, answered as '/a/b/'; no empty, '.' or '..' segment. */
export const folderPath = z
  .string({ error: 'validation.cloudSpace.path' })
  .max(CLOUD_SPACE.maxPathLength, { error: 'validation.cloudSpace.pathLength' })
  .refine((path) => path.startsWith('/'), { error: 'validation.cloudSpace.path' })
  .refine((path) => path === '/' || path.slice(1).replace(/\/$/, '').split('/').every(segmentOk), {
    error: 'validation.cloudSpace.path',
  })
  .transform((path) => (path.endsWith('/') ? path : `${path}/`));

/** A name within a folder: 1 to 255 characters, no '/', '\', control characters, '.' or '..'. */
export const entryName = z
  .string({ error: 'validation.cloudSpace.name' })
  .trim()
  .refine((name) => segmentOk(name) && !name.includes('/'), { error: 'validation.cloudSpace.name' });

const entrySchema = z.object({
  name: z.string(),
  /** The entry's own path: '/a/b.txt', '/a/folder/'. */
  path: z.string(),
  kind: z.enum(['folder', 'file']),
  size: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CloudEntry = z.infer<typeof entrySchema>;

const partLink = z.object({ partNumber: z.number().int(), url: z.string() });
export type PartLink = z.infer<typeof partLink>;

const uploadSchema = z.discriminatedUnion('mode', [
  z.object({
    mode: z.literal('single'),
    uploadKey: z.string(),
    url: z.string(),
    method: z.literal('PUT'),
    contentType: z.string(),
    expiresAt: z.string(),
  }),
  z.object({
    mode: z.literal('multipart'),
    uploadKey: z.string(),
    partSize: z.number().int(),
    partCount: z.number().int(),
    /** Parts the store already holds (a resumed upload): only the others need sending. */
    uploadedParts: z.array(z.number().int()),
    parts: z.array(partLink),
    expiresAt: z.string(),
  }),
]);
export type CloudUpload = z.infer<typeof uploadSchema>;

export const listUserData = defineEndpoint({
  id: 'listUserData',
  method: 'GET',
  path: '/file/getUserDataList',
  auth: 'user',
  summary: 'The folders and files in a folder of the cloud space, folders first, then by name',
  tag: 'files',
  query: z.object({ path: folderPath.default('/') }),
  data: z.object({ path: z.string(), rows: z.array(entrySchema) }),
});

export const getUserDataUploadUrl = defineEndpoint({
  id: 'getUserDataUploadUrl',
  method: 'GET',
  path: '/file/getUserDataPreSignedUploadUrl',
  auth: 'user',
  summary:
    'Where to PUT a file: one link up to 16 MiB, else part links of a multipart upload (asked again for the same file, the upload under way resumes)',
  tag: 'files',
  query: z.object({
    fileName: entryName,
    path: folderPath.default('/'),
    size: z.coerce.number().int().min(0).max(CLOUD_SPACE.maxFileBytes, { error: 'validation.cloudSpace.size' }),
  }),
  data: uploadSchema,
});

export const listUserDataUploadParts = defineEndpoint({
  id: 'listUserDataUploadParts',
  method: 'GET',
  path: '/file/listUserDataUploadParts',
  auth: 'user',
  summary: 'The parts a multipart upload holds and fresh links for the rest: where a resumed upload carries on',
  tag: 'files',
  query: z.object({ uploadKey: z.string().trim().min(1).max(300) }),
  data: uploadSchema,
});

export const finishUserDataUpload = defineEndpoint({
  id: 'finishUserDataUpload',
  method: 'GET',
  path: '/file/finishUploadBigUserData',
  auth: 'user',
  summary: 'Finish an upload (multipart or single): the file is listed with the size the store holds',
  tag: 'files',
  query: z.object({ uploadKey: z.string().trim().min(1).max(300) }),
  data: entrySchema,
});

export const getUserDataDownloadUrl = defineEndpoint({
  id: 'getUserDataDownloadUrl',
  method: 'GET',
  path: '/file/getUserDataPreSignedDownloadUrl',
  auth: 'user',
  summary: 'A link that downloads a file under its name (valid 10 minutes)',
  tag: 'files',
  query: z.object({ fileName: entryName, path: folderPath.default('/') }),
  data: z.object({ url: z.string(), expiresAt: z.string() }),
});

export const deleteUserData = defineEndpoint({
  id: 'deleteUserData',
  method: 'GET',
  path: '/file/deleteUserDataFileByUser',
  auth: 'user',
  summary: 'Delete a file, or a folder with everything under it',
  tag: 'files',
  query: z.object({ fileName: entryName, path: folderPath.default('/') }),
  data: z.object({ deletedFiles: z.number().int(), freedBytes: z.number().int() }),
});

export const createUserDataFolder = defineEndpoint({
  id: 'createUserDataFolder',
  method: 'GET',
  path: '/file/createUserDataFolder',
  auth: 'user',
  summary: 'Create a folder (its parent folders too)',
  tag: 'files',
  query: z.object({ fileName: entryName, path: folderPath.default('/') }),
  data: entrySchema,
});

export const moveUserData = defineEndpoint({
  id: 'moveUserData',
  method: 'GET',
  path: '/file/moveUserData',
  auth: 'user',
  summary: 'Rename or move a file or folder (a folder with everything under it)',
  tag: 'files',
  query: z.object({
    fileName: entryName,
    path: folderPath.default('/'),
    newName: entryName,
    newPath: folderPath.optional(),
  }),
  data: entrySchema,
});

export const getUserDataStorageUsed = defineEndpoint({
  id: 'getUserDataStorageUsed',
  method: 'GET',
  path: '/file/getUserDataStorageUsed',
  auth: 'user',
  summary: 'Bytes used against the free 120 GB, today’s peak, arrears and any wipe the user was told of',
  tag: 'files',
  data: z.object({
    usedBytes: z.number().int(),
    freeBytes: z.number().int(),
    todayPeakBytes: z.number().int(),
    /** Yuan text, "0.00" when nothing is owed. */
    arrears: z.string(),
    wipeAt: z.string().nullable(),
    wipeReason: z.enum(['arrears', 'inactive']).nullable(),
  }),
});

export const getImageUploadUrl = defineEndpoint({
  id: 'getImageUploadUrl',
  method: 'GET',
  path: '/file/getImgPresignedUploadUrl',
  auth: 'user',
  summary: 'A link to PUT a picture to (PNG, JPEG, WebP or GIF, at most 5 MB), its key and the URL it is read from',
  tag: 'files',
  query: z.object({
    fileName: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .regex(/\.(png|jpe?g|webp|gif)$/i, { error: 'validation.cloudSpace.imageType' }),
  }),
  data: z.object({
    url: z.string(),
    key: z.string(),
    method: z.literal('PUT'),
    expiresAt: z.string(),
    maxBytes: z.number().int(),
    readUrl: z.string(),
  }),
});

export const downloadDataToTheApplication = defineEndpoint({
  id: 'downloadDataToTheApplication',
  method: 'POST',
  path: '/equipment/deviceServer/downloadDataToTheApplication',
  auth: 'user',
  summary:
    "Copies a cloud-space file, or a folder with everything under it, into the folder `path` of the caller's running " +
    'application; answers the copy at once, whose progress getTransfer shows. 400 naming applicationId or path ' +
    'without them, 404 naming fileName for an entry the caller does not have, 409 when the application is not running',
  tag: 'files',
  body: z.object({
    /** The cloud-space folder holding the entry, and its name. */
    dataPath: folderPath.default('/'),
    fileName: entryName,
    applicationId: transferApplicationSchema,
    path: transferPathSchema,
  }),
  data: transferSchema,
});
