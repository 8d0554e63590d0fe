import { CLOUD_SPACE } from '@suanli/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { UserId } from '../../db/ids.js';
import { AppError } from '../../http/app-error.js';
import type { Clock } from '../../jobs/clock.js';
import { isSafeObjectKey, type ObjectStore } from '../../providers/object-store/index.js';
import { matchesImageType, SIGNATURE_BYTES } from '../users/index.js';
import { insertFeedback } from './feedback.queries.js';

interface FeedbackDependencies {
  db: Db;
  clock: Clock;
  store: ObjectStore;
  log: FastifyBaseLogger;
}

// Where getImgPresignedUploadUrl puts a user's pictures (modules/files): only keys under it are the caller's uploads.
const uploadsOf = (userId: UserId) => `images/${userId}/`;

/**
 * Users' feedback (spec §1): text and up to three screenshots the author uploaded through the object store. A key
 * outside the author's own pictures, or missing, answers 404 as one would for another user's; an object larger than
 * a picture may be (an S3 link cannot limit it) or whose bytes are not the image it claims is refused and removed,
 * as avatars are (docs/decisions/0028).
 */
export function feedbackService({ db, clock, store, log }: FeedbackDependencies) {
  async function refuse(key: string, error: AppError): Promise<never> {
    await store
      .delete(key)
      .catch((cause: unknown) => log.warn({ err: cause }, 'could not remove a refused screenshot'));
    throw error;
  }

  async function checkScreenshot(userId: UserId, key: string) {
    const object =
      key.startsWith(uploadsOf(userId)) && isSafeObjectKey(key) ? await store.readHead(key, SIGNATURE_BYTES) : null;
    if (!object) {
      throw new AppError('notFound', {
        messageKey: 'feedback.screenshotNotFound',
        params: { key },
        field: 'screenshots',
      });
    }
    if (((await store.sizeOf(key)) ?? 0) > CLOUD_SPACE.imageMaxBytes) {
      await refuse(
        key,
        new AppError('payloadTooLarge', {
          messageKey: 'feedback.screenshotTooLarge',
          params: { limit: String(CLOUD_SPACE.imageMaxBytes / 1_048_576) },
          field: 'screenshots',
        }),
      );
    }
    if (!matchesImageType(object.contentType, object.head)) {
      await refuse(
        key,
        new AppError('businessRule', {
          messageKey: 'feedback.screenshotNotImage',
          params: { key },
          field: 'screenshots',
        }),
      );
    }
  }

  return {
    async submit(userId: UserId, body: { content: string; screenshots: string[] }) {
      const screenshotKeys = [...new Set(body.screenshots)];
      for (const key of screenshotKeys) {
        await checkScreenshot(userId, key);
      }
      const row = await insertFeedback(db, { userId, content: body.content, screenshotKeys, createdAt: clock.now() });
      return { id: String(row.id), createTime: row.createdAt.toISOString() };
    },
  };
}

export type FeedbackService = ReturnType<typeof feedbackService>;
