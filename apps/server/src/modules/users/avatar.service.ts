import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { UserId } from '../../db/ids.js';
import { AppError } from '../../http/app-error.js';
import { isSafeObjectKey, type ObjectStore } from '../../providers/object-store/index.js';
import { avatarUrl } from './current-user.service.js';
import { matchesImageType, SIGNATURE_BYTES } from './image-signature.js';
import * as queries from './users.queries.js';

// SVG is left out on purpose: it can carry script.
const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
const AVATAR_UPLOAD_SECONDS = 10 * 60;

interface AvatarDependencies {
  db: Db;
  store: ObjectStore;
  log: FastifyBaseLogger;
}

const avatarPrefix = (userId: UserId) => `avatars/${userId}/`;

/** A link to PUT one new avatar image to; the key is fresh, so an upload never overwrites the avatar in use. */
async function createAvatarUpload(store: ObjectStore, userId: UserId, fileName: string) {
  const extension = fileName.slice(fileName.lastIndexOf('.') + 1).toLowerCase();
  const key = `${avatarPrefix(userId)}${randomUUID()}.${extension}`;
  const upload = await store.presignPut(key, {
    contentTypes: AVATAR_TYPES,
    maxBytes: AVATAR_MAX_BYTES,
    expiresInSeconds: AVATAR_UPLOAD_SECONDS,
  });
  return {
    url: upload.url,
    key,
    method: upload.method,
    expiresAt: upload.expiresAt.toISOString(),
    maxBytes: AVATAR_MAX_BYTES,
  };
}

/**
 * Makes an uploaded object the avatar. Only keys under this user's own avatar folder count, and another user's key
 * answers the same 404 as a missing one; an object whose bytes are not the image type it was uploaded as is refused
 * (422) and removed, as is one larger than 2 MB (413). The replaced image is removed; failing that only leaves a stray
 * file.
 */
async function changeAvatar(deps: AvatarDependencies, userId: UserId, key: string) {
  const { db, store, log } = deps;
  const prefix = avatarPrefix(userId);
  const object = key.startsWith(prefix) && isSafeObjectKey(key) ? await store.readHead(key, SIGNATURE_BYTES) : null;
  if (!object) {
    throw new AppError('notFound', { messageKey: 'users.avatarNotFound', field: 'avatar' });
  }
  const refuse = async (error: AppError) => {
    await store.delete(key).catch((cause: unknown) => log.warn({ err: cause }, 'could not remove a refused avatar'));
    return error;
  };
  // An S3 upload link cannot limit the size (the embedded store's can): the stored object is measured here.
  if (((await store.sizeOf(key)) ?? 0) > AVATAR_MAX_BYTES) {
    throw await refuse(
      new AppError('payloadTooLarge', {
        messageKey: 'users.objects.tooLarge',
        params: { limit: String(AVATAR_MAX_BYTES / 1_048_576) },
        field: 'avatar',
      }),
    );
  }
  // The upload link let the client name the type; the bytes must be that image, or the object goes.
  if (!matchesImageType(object.contentType, object.head)) {
    throw await refuse(new AppError('businessRule', { messageKey: 'users.avatarNotImage', field: 'avatar' }));
  }
  const previous = await queries.replaceAvatarKey(db, userId, key);
  if (previous && previous !== key && previous.startsWith(prefix)) {
    await store.delete(previous).catch((error: unknown) => log.warn({ err: error }, 'could not remove old avatar'));
  }
  return { avatarUrl: (await avatarUrl(store, key))! };
}

export function avatarService(deps: AvatarDependencies) {
  return {
    createAvatarUpload: (userId: UserId, fileName: string) => createAvatarUpload(deps.store, userId, fileName),
    changeAvatar: (userId: UserId, key: string) => changeAvatar(deps, userId, key),
  };
}
