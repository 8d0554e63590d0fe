import type { PageQuery } from '@suanli/contract';
import type { Db } from '../../db/client.js';
import type { UserId } from '../../db/ids.js';
import { paged } from '../../db/paging.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../http/app-error.js';
import type { Audit } from '../../http/operator-audit.js';
import type { Clock } from '../../jobs/clock.js';
import { findImageRow } from './catalogue.queries.js';
import type { CatalogueService } from './catalogue.service.js';
import { submissionsPage } from './user-images.admin.queries.js';
import * as queries from './user-images.queries.js';
import type { ReviewState } from './user-images.tables.js';

/**
 * Operators granted `review` decide on a creator's submission (kolUpdateImage): published, it becomes a community image
 * of its creator over the same original image, whose rentals restore the saved archive; rejected, it keeps the reason.
 * The decision and its audit row commit together (decision 0021).
 */
export function userImagesAdminService({
  db,
  clock,
  catalogue,
}: {
  db: Db;
  clock: Clock;
  catalogue: Pick<CatalogueService, 'publishCommunityImage'>;
}) {
  return {
    async submissions({ state, ...page }: PageQuery & { state: ReviewState }) {
      const { rows, total } = await paged(page, submissionsPage(db, state));
      return {
        total,
        rows: rows.map(({ submission, image, baseImageName }) => ({
          id: String(submission.id),
          imageId: String(image.id),
          name: image.name,
          remark: image.remark,
          ownerId: String(image.ownerId),
          baseImageName,
          sizeBytes: image.sizeBytes,
          submittedAt: submission.submittedAt.toISOString(),
          reviewState: submission.reviewState,
          reason: submission.reason,
        })),
      };
    },

    async review(
      audit: Audit,
      operatorId: UserId,
      { id, decision, reason }: { id: string; decision: 'publish' | 'reject'; reason: string },
    ) {
      return inTransaction(db, async (tx) => {
        const submission = await queries.lockSubmission(tx, BigInt(id));
        if (!submission) {
          throw new AppError('notFound', { messageKey: 'images.submissionNotFound', params: { id }, field: 'id' });
        }
        if (submission.reviewState !== 'pending') {
          throw new AppError('conflict', { messageKey: 'images.submissionReviewed', params: { id }, field: 'id' });
        }
        const image = await queries.lockImage(tx, submission.imageId);
        const base = image && (await findImageRow(tx, null, image.baseImageId));
        if (!image || !base) {
          throw new AppError('notFound', { messageKey: 'images.notFound', params: { id }, field: 'id' });
        }
        const publishedImageId =
          decision === 'publish'
            ? await catalogue.publishCommunityImage(
                {
                  ownerId: image.ownerId,
                  name: image.name,
                  summaryZh: image.remark || base.summaryZh,
                  summaryEn: image.remark || base.summaryEn,
                  minGpuMemoryGb: base.minGpuMemoryGb,
                  links: base.links,
                  archiveKey: image.archiveKey,
                  typeNameEn: base.typeNameEn,
                },
                tx,
              )
            : null;
        const reviewState = decision === 'publish' ? ('published' as const) : ('rejected' as const);
        await queries.updateSubmission(tx, submission.id, {
          reviewState,
          reviewerId: operatorId,
          reviewedAt: clock.now(),
          reason,
          publishedImageId,
        });
        await audit(tx, {
          action: `images.${decision}Submission`,
          target: `imageSubmission:${id}`,
          before: { reviewState: submission.reviewState },
          after: { reviewState, publishedImageId: publishedImageId === null ? null : String(publishedImageId) },
        });
        return {
          id,
          reviewState,
          publishedImageId: publishedImageId === null ? null : String(publishedImageId),
        };
      });
    },
  };
}

export type UserImagesAdminService = ReturnType<typeof userImagesAdminService>;
