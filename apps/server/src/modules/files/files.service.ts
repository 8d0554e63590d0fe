import type { Readable } from 'node:stream';
import type { Clock } from '../../jobs/clock.js';
import { AppError } from '../../http/app-error.js';
import {
  attachmentNamed,
  isSafeObjectKey,
  ObjectTooLargeError,
  PartMismatchError,
  type LocalObjectStore,
  type StoredObject,
} from '../../providers/object-store/index.js';

type Query = Record<string, unknown>;

export interface Upload {
  contentType: string | undefined;
  contentLength: string | undefined;
  body: Readable | undefined;
}

// Only raster images render inline; anything else is offered as a download, so an uploaded HTML or SVG file can
// never run script on the console's origin.
const INLINE_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif']);

/** A named link saves under its name (RFC 6266, UTF-8 for Chinese names); otherwise only raster images show inline. */
function dispositionOf(contentType: string, fileName: string) {
  if (fileName) {
    return attachmentNamed(fileName);
  }
  return INLINE_TYPES.has(contentType) ? 'inline' : 'attachment';
}

const linkInvalid = () => new AppError('forbidden', { messageKey: 'users.objects.linkInvalid' });

const megabytes = (bytes: number) => String(Math.round((bytes / 1_048_576) * 10) / 10);

function tooLarge(maxBytes: number) {
  return new AppError('payloadTooLarge', {
    messageKey: 'users.objects.tooLarge',
    params: { limit: megabytes(maxBytes) },
  });
}

export function mediaType(header: string | undefined): string {
  return (header ?? '').split(';')[0]!.trim().toLowerCase();
}

/** A signed link as it arrived: the object key in its path and the signature in its query. */
export interface SignedLink {
  key: string;
  query: Query;
}

/**
 * A PUT to a signed link: the signature and expiry first (403), then the content type (415), then the size (413). A
 * link with an `uploadId` carries one part of a multipart upload, answered with the part's tag as S3 does.
 */
export async function receiveObject(store: LocalObjectStore, link: SignedLink, upload: Upload) {
  return typeof link.query.uploadId === 'string' ? receivePart(store, link, upload) : receiveWhole(store, link, upload);
}

async function receivePart(store: LocalObjectStore, { key, query }: SignedLink, upload: Upload) {
  const part = isSafeObjectKey(key) ? store.verifyPart(key, query) : null;
  if (!part || !upload.body) {
    throw linkInvalid();
  }
  try {
    const etag = await store.writePart(key, part, upload.body);
    return { key, partNumber: part.partNumber, etag };
  } catch (error) {
    if (error instanceof PartMismatchError) {
      throw linkInvalid();
    }
    if (error instanceof ObjectTooLargeError) {
      throw tooLarge(error.maxBytes);
    }
    throw error;
  }
}

async function receiveWhole(store: LocalObjectStore, { key, query }: SignedLink, upload: Upload) {
  const policy = isSafeObjectKey(key) ? store.verifyPut(key, query) : null;
  if (!policy) {
    throw linkInvalid();
  }
  const contentType = mediaType(upload.contentType);
  if (!policy.contentTypes.includes(contentType) || !upload.body) {
    throw new AppError('unsupportedMediaType', {
      messageKey: 'users.objects.typeRefused',
      params: { types: policy.contentTypes.join(', ') },
    });
  }
  if (Number(upload.contentLength ?? 0) > policy.maxBytes) {
    throw tooLarge(policy.maxBytes);
  }
  try {
    const size = await store.write(key, upload.body, { contentType, maxBytes: policy.maxBytes });
    return { key, size };
  } catch (error) {
    if (error instanceof ObjectTooLargeError) {
      throw tooLarge(error.maxBytes);
    }
    throw error;
  }
}

export interface ServedObject extends StoredObject {
  disposition: string;
  maxAgeSeconds: number;
}

/** A GET of a signed link: the object's bytes and how long a browser may keep them (until the link expires). */
export async function openObject(
  { store, clock }: { store: LocalObjectStore; clock: Clock },
  { key, query }: SignedLink,
) {
  const link = isSafeObjectKey(key) ? store.verifyGet(key, query) : null;
  if (!link) {
    throw linkInvalid();
  }
  const object = await store.read(key);
  if (!object) {
    throw new AppError('notFound');
  }
  const expiresMs = Number(query.expires) * 1000;
  return {
    ...object,
    disposition: dispositionOf(object.contentType, link.fileName),
    maxAgeSeconds: Math.max(0, Math.floor((expiresMs - clock.now().getTime()) / 1000)),
  } satisfies ServedObject;
}
