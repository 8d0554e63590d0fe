import { randomUUID } from 'node:crypto';
import { CLOUD_SPACE, type files, formatMoney, money, STORAGE } from '@suanli/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.js';
import { violatedUniqueConstraint } from '../../db/errors.js';
import type { UserId } from '../../db/ids.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../http/app-error.js';
import { localDay } from '../../jobs/business-time.js';
import type { Clock } from '../../jobs/clock.js';
import type { ObjectStore } from '../../providers/object-store/index.js';
import * as queries from './cloud-space.queries.js';
import type { EntryRow, UploadRow } from './cloud-space.queries.js';

export const GB = 1024 ** 3;
export const FREE_BYTES = STORAGE.freeCloudSpaceGb * GB;
const LINK_SECONDS = 10 * 60;
// Part links of a large upload stay valid for a day: a slow line must not see them expire half way.
const PART_LINK_SECONDS = 24 * 60 * 60;
// A picture's read link is handed out once and kept by what shows it (an introduction, feedback): S3's longest.
const IMAGE_READ_SECONDS = 7 * 24 * 60 * 60;
type CloudEntry = files.CloudEntry;
type CloudUpload = files.CloudUpload;
const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

export interface CloudSpaceDependencies {
  db: Db;
  clock: Clock;
  store: ObjectStore;
  log: FastifyBaseLogger;
  timeZone: string;
}

/** A file as a copy into a workspace needs it: where its bytes are, how many, and where it goes under the copy. */
export interface CloudObject {
  key: string;
  size: number;
  /** Its path relative to the copied entry's folder: 'report.pdf', 'photos/2026/a.jpg'. */
  relativePath: string;
}

const pathOf = (row: EntryRow) => `${row.folder}${row.name}${row.kind === 'folder' ? '/' : ''}`;

export const entryOf = (row: EntryRow): CloudEntry => ({
  name: row.name,
  path: pathOf(row),
  kind: row.kind,
  size: row.size,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

// Keys carry a random segment and nothing of the path: never guessable, never reused, untouched by a rename.
const objectKeyFor = (userId: UserId) => `data/${userId}/${randomUUID()}`;

/** Parts of at least 8 MiB, larger for large files so that no file needs more than 1000. */
function partSizeFor(size: number) {
  const mib = 1024 ** 2;
  return Math.max(CLOUD_SPACE.minPartBytes, Math.ceil(size / CLOUD_SPACE.maxParts / mib) * mib);
}

const notFound = (path: string, name: string) =>
  new AppError('notFound', { messageKey: 'files.notFound', params: { path, name }, field: 'fileName' });
const nameTaken = (path: string, name: string) =>
  new AppError('conflict', { messageKey: 'files.nameTaken', params: { path, name }, field: 'fileName' });
const uploadNotFound = () => new AppError('notFound', { messageKey: 'files.uploadNotFound', field: 'uploadKey' });

export function cloudSpaceService(deps: CloudSpaceDependencies) {
  const { db, clock, store, log } = deps;
  const today = () => localDay(clock.now(), deps.timeZone);

  /** Removes objects after their entries are gone; a failure leaves only a stray object, never a dangling entry. */
  async function removeObjects(keys: readonly string[]) {
    for (const key of keys) {
      await store.delete(key).catch((error: unknown) => log.warn({ err: error, key }, 'could not remove an object'));
    }
  }

  /** The folder and its ancestors, made where missing; a file in the way is a 409. */
  async function ensureFolder(tx: Tx, userId: UserId, { folder, at }: { folder: string; at: Date }) {
    const names = folder.split('/').filter(Boolean);
    for (const [index, name] of names.entries()) {
      const parent = `/${names.slice(0, index).join('/')}${index > 0 ? '/' : ''}`;
      const existing = await queries.findEntry(tx, userId, { folder: parent, name });
      if (existing?.kind === 'file') {
        throw nameTaken(parent, name);
      }
      if (!existing) {
        await queries.insertEntry(tx, userId, { folder: parent, name, kind: 'folder', size: 0, objectKey: null, at });
      }
    }
  }

  async function requireEntry(executor: Db, userId: UserId, { folder, name }: queries.Place) {
    const entry = await queries.findEntry(executor, userId, { folder, name });
    if (!entry) {
      throw notFound(folder, name);
    }
    return entry;
  }

  async function multipartAnswer(upload: UploadRow): Promise<CloudUpload> {
    const partSize = upload.partSize!;
    const partCount = Math.max(1, Math.ceil(upload.size / partSize));
    const uploaded = new Set(
      (await store.listParts(upload.objectKey, upload.multipartId!)).map((part) => part.partNumber),
    );
    const parts = [];
    let expiresAt = new Date(clock.now().getTime() + PART_LINK_SECONDS * 1000);
    for (let partNumber = 1; partNumber <= partCount; partNumber += 1) {
      if (!uploaded.has(partNumber)) {
        const link = await store.presignPart(
          upload.objectKey,
          { uploadId: upload.multipartId!, partNumber },
          PART_LINK_SECONDS,
        );
        expiresAt = link.expiresAt;
        parts.push({ partNumber, url: link.url });
      }
    }
    return {
      mode: 'multipart',
      uploadKey: upload.objectKey,
      partSize,
      partCount,
      uploadedParts: [...uploaded].sort((a, b) => a - b),
      parts,
      expiresAt: expiresAt.toISOString(),
    };
  }

  async function createUpload(userId: UserId, file: { folder: string; name: string; size: number }) {
    if (await queries.findEntry(db, userId, file)) {
      throw nameTaken(file.folder, file.name);
    }
    const now = clock.now();
    if (file.size <= CLOUD_SPACE.singleUploadMaxBytes) {
      const key = objectKeyFor(userId);
      const link = await store.presignPut(key, {
        contentTypes: [CLOUD_SPACE.contentType],
        maxBytes: file.size,
        expiresInSeconds: LINK_SECONDS,
      });
      await queries.insertUpload(db, userId, {
        objectKey: key,
        ...file,
        multipartId: null,
        partSize: null,
        createdAt: now,
      });
      return {
        mode: 'single',
        uploadKey: key,
        url: link.url,
        method: link.method,
        contentType: CLOUD_SPACE.contentType,
        expiresAt: link.expiresAt.toISOString(),
      } satisfies CloudUpload;
    }
    const resumable = await queries.findResumable(db, userId, file);
    if (resumable) {
      return multipartAnswer(resumable);
    }
    const key = objectKeyFor(userId);
    const { uploadId } = await store.createMultipart(key, { contentType: CLOUD_SPACE.contentType });
    const upload = {
      objectKey: key,
      ...file,
      multipartId: uploadId,
      partSize: partSizeFor(file.size),
      createdAt: now,
    };
    await queries.insertUpload(db, userId, upload);
    return multipartAnswer({ id: 0n, userId, ...upload });
  }

  async function requireUpload(userId: UserId, uploadKey: string) {
    const upload = await queries.findUpload(db, userId, uploadKey);
    if (!upload) {
      throw uploadNotFound();
    }
    return upload;
  }

  /** Joins a multipart upload from the parts the store holds, once all of them are there. */
  async function completeParts(upload: UploadRow) {
    const parts = await store.listParts(upload.objectKey, upload.multipartId!);
    const partCount = Math.max(1, Math.ceil(upload.size / upload.partSize!));
    const held = new Set(parts.map((part) => part.partNumber));
    const missing = Array.from({ length: partCount }, (_, index) => index + 1).filter((number) => !held.has(number));
    if (missing.length > 0) {
      throw new AppError('businessRule', {
        messageKey: 'files.uploadIncomplete',
        params: { missing: missing.slice(0, 20).join(', ') },
        field: 'uploadKey',
      });
    }
    const joined = parts.filter((part) => part.partNumber <= partCount);
    return store.completeMultipart(upload.objectKey, upload.multipartId!, joined);
  }

  async function finishUpload(userId: UserId, uploadKey: string): Promise<CloudEntry> {
    const upload = await requireUpload(userId, uploadKey);
    const size = upload.multipartId ? await completeParts(upload) : await store.sizeOf(upload.objectKey);
    if (size === null) {
      throw uploadNotFound();
    }
    if (size !== upload.size) {
      await store.delete(upload.objectKey);
      await queries.deleteUpload(db, userId, uploadKey);
      throw new AppError('businessRule', {
        messageKey: 'files.uploadSize',
        params: { actual: size, declared: upload.size },
        field: 'uploadKey',
      });
    }
    const entry = await inTransaction(db, async (tx) => {
      if (!(await queries.deleteUpload(tx, userId, uploadKey))) {
        throw uploadNotFound();
      }
      const usage = await queries.lockUsage(tx, userId);
      const now = clock.now();
      await ensureFolder(tx, userId, { folder: upload.folder, at: now });
      const row = await queries.insertEntry(tx, userId, {
        folder: upload.folder,
        name: upload.name,
        kind: 'file',
        size,
        objectKey: upload.objectKey,
        at: now,
      });
      if (!row) {
        throw nameTaken(upload.folder, upload.name);
      }
      await queries.addUsage(tx, userId, { usage, delta: size, day: today() });
      return row;
    });
    return entryOf(entry);
  }

  async function remove(userId: UserId, folder: string, name: string) {
    const removed = await inTransaction(db, async (tx) => {
      const usage = await queries.lockUsage(tx, userId);
      const entry = await requireEntry(tx, userId, { folder, name });
      const files = await queries.deleteEntry(tx, userId, entry);
      const bytes = files.reduce((sum, file) => sum + file.size, 0);
      if (bytes > 0) {
        await queries.addUsage(tx, userId, { usage, delta: -bytes, day: today() });
      }
      return { files, bytes };
    });
    await removeObjects(removed.files.map((file) => file.objectKey!));
    return { deletedFiles: removed.files.length, freedBytes: removed.bytes };
  }

  async function move(userId: UserId, from: { folder: string; name: string }, to: { folder: string; name: string }) {
    try {
      return await inTransaction(db, async (tx) => {
        const entry = await requireEntry(tx, userId, from);
        if (entry.kind === 'folder' && to.folder.startsWith(`${from.folder}${from.name}/`)) {
          throw new AppError('businessRule', { messageKey: 'files.intoItself', field: 'newPath' });
        }
        if (from.folder === to.folder && from.name === to.name) {
          return entryOf(entry);
        }
        if (await queries.findEntry(tx, userId, to)) {
          throw nameTaken(to.folder, to.name);
        }
        const now = clock.now();
        await ensureFolder(tx, userId, { folder: to.folder, at: now });
        return entryOf(await queries.moveEntry(tx, userId, { entry, target: { ...to, at: now } }));
      });
    } catch (error) {
      // Another request took the name between the check and the update.
      if (violatedUniqueConstraint(error)) {
        throw nameTaken(to.folder, to.name);
      }
      throw error;
    }
  }

  async function createFolder(userId: UserId, folder: string, name: string) {
    return inTransaction(db, async (tx) => {
      const now = clock.now();
      await ensureFolder(tx, userId, { folder, at: now });
      const row = await queries.insertEntry(tx, userId, {
        folder,
        name,
        kind: 'folder',
        size: 0,
        objectKey: null,
        at: now,
      });
      if (!row) {
        throw nameTaken(folder, name);
      }
      return entryOf(row);
    });
  }

  async function downloadLink(userId: UserId, folder: string, name: string) {
    const entry = await requireEntry(db, userId, { folder, name });
    if (entry.kind !== 'file') {
      throw new AppError('businessRule', { messageKey: 'files.notAFile', params: { name }, field: 'fileName' });
    }
    const link = await store.presignGet(entry.objectKey!, LINK_SECONDS, { fileName: entry.name });
    return { url: link.url, expiresAt: link.expiresAt.toISOString() };
  }

  async function storageUsed(userId: UserId) {
    const usage = await queries.findUsage(db, userId);
    const day = await queries.findDays(db, userId, today());
    const used = usage?.usedBytes ?? 0;
    return {
      usedBytes: used,
      freeBytes: FREE_BYTES,
      todayPeakBytes: day?.day === today() ? day.peakBytes : used,
      arrears: formatMoney(usage?.arrearsUnits ?? money(0n)),
      wipeAt: usage?.wipeAt?.toISOString() ?? null,
      wipeReason: usage?.wipeReason ?? null,
    };
  }

  async function imageUpload(userId: UserId, fileName: string) {
    const extension = fileName.slice(fileName.lastIndexOf('.') + 1).toLowerCase();
    const key = `images/${userId}/${randomUUID()}.${extension}`;
    const upload = await store.presignPut(key, {
      contentTypes: IMAGE_TYPES,
      maxBytes: CLOUD_SPACE.imageMaxBytes,
      expiresInSeconds: LINK_SECONDS,
    });
    return {
      url: upload.url,
      key,
      method: upload.method,
      expiresAt: upload.expiresAt.toISOString(),
      maxBytes: CLOUD_SPACE.imageMaxBytes,
      readUrl: (await store.presignGet(key, IMAGE_READ_SECONDS)).url,
    };
  }

  return {
    list: async (userId: UserId, folder: string) => ({
      path: folder,
      rows: (await queries.listEntries(db, userId, folder)).map(entryOf),
    }),
    createUpload,
    resumeUpload: async (userId: UserId, uploadKey: string) => {
      const upload = await requireUpload(userId, uploadKey);
      if (!upload.multipartId) {
        throw uploadNotFound();
      }
      return multipartAnswer(upload);
    },
    finishUpload,
    remove,
    move,
    createFolder,
    downloadLink,
    storageUsed,
    imageUpload,

    /**
     * The files a copy into a workspace takes for the user's entry at `folder` + `name`: the file itself, or every
     * file under the folder with its path relative to the folder's parent. Null when the user has no such entry.
     */
    async objectsOf(
      executor: Db,
      userId: UserId,
      entry: { folder: string; name: string },
    ): Promise<{ kind: 'file' | 'folder'; name: string; objects: CloudObject[] } | null> {
      const row = await queries.findEntry(executor, userId, entry);
      if (!row) {
        return null;
      }
      const files = row.kind === 'file' ? [row] : await queries.filesUnder(executor, userId, pathOf(row));
      return {
        kind: row.kind,
        name: row.name,
        objects: files.map((file) => ({
          key: file.objectKey!,
          size: file.size,
          relativePath: `${file.folder}${file.name}`.slice(row.folder.length),
        })),
      };
    },

    /** Every object of the user gone and every entry removed, in the caller's transaction: a wipe. */
    async wipe(tx: Tx, userId: UserId) {
      const usage = await queries.lockUsage(tx, userId);
      const files = (await queries.deleteAllEntries(tx, userId)).filter((row) => row.kind === 'file');
      const uploads = await queries.deleteAllUploads(tx, userId);
      // The objects go inside the transaction that removes their entries: should it roll back, the next run wipes
      // again and finds them gone; the data was to go either way.
      await removeObjects(files.map((file) => file.objectKey!));
      for (const upload of uploads) {
        await (
          upload.multipartId
            ? store.abortMultipart(upload.objectKey, upload.multipartId)
            : store.delete(upload.objectKey)
        ).catch((error: unknown) => log.warn({ err: error }, 'could not remove an upload'));
      }
      if (usage.usedBytes > 0) {
        await queries.addUsage(tx, userId, { usage, delta: -usage.usedBytes, day: today() });
      }
      return usage.usedBytes;
    },
  };
}

export type CloudSpaceService = ReturnType<typeof cloudSpaceService>;
