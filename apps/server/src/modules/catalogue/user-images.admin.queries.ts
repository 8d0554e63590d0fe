import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { PageWindow } from '../../db/paging.js';
import { applicationImages } from './catalogue.tables.js';
import { imageSubmissions, userImages, type ReviewState } from './user-images.tables.js';

/** Submissions in a review state, with the image each names, oldest first: what reviewers work through. */
export const submissionsPage = (db: Db, state: ReviewState) => ({
  rows: ({ limit, offset }: PageWindow) =>
    db
      .select({
        submission: imageSubmissions,
        image: userImages,
        baseImageName: applicationImages.name,
      })
      .from(imageSubmissions)
      .innerJoin(userImages, eq(userImages.id, imageSubmissions.imageId))
      .innerJoin(applicationImages, eq(applicationImages.id, userImages.baseImageId))
      .where(eq(imageSubmissions.reviewState, state))
      .orderBy(asc(imageSubmissions.id))
      .limit(limit)
      .offset(offset),
  total: () => db.$count(imageSubmissions, eq(imageSubmissions.reviewState, state)),
});
