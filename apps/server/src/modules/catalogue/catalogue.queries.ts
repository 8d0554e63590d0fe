import { and, asc, desc, eq, ilike, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { catalogue } from '@suanli/contract';
import type { Db, Tx } from '../../db/client.js';
import type { UserId } from '../../db/ids.js';
import type { PageWindow } from '../../db/paging.js';
import { applicationImageLikes, applicationImages, imageTypes } from './catalogue.tables.js';

export interface ImageFilters {
  typeId?: bigint | undefined;
  keyword?: string | undefined;
  kind?: catalogue.ImageKind | undefined;
}

/** A keyword matches literally: % and _ typed by a user are not wildcards. */
const literal = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

/**
 * What users see and may rent: neither the image nor its type hidden by an operator. Applications already running from
 * a hidden image carry on: they read it through `findRentableImage`, which does not ask.
 */
// Written out with its tables named: drizzle leaves a column unqualified in a one-table query, where `id` would mean
// the subquery's own.
export const shown = sql<boolean>`(NOT application_images.hidden AND NOT EXISTS (SELECT 1 FROM image_types AS hidden_type WHERE hidden_type.id = application_images.type_id AND hidden_type.hidden))`;

function matching({ typeId, keyword, kind }: ImageFilters): SQL | undefined {
  const pattern = keyword ? literal(keyword) : undefined;
  return and(
    shown,
    kind ? eq(applicationImages.kind, kind) : undefined,
    typeId !== undefined ? eq(applicationImages.typeId, typeId) : undefined,
    pattern
      ? or(
          ilike(applicationImages.name, pattern),
          ilike(applicationImages.summaryZh, pattern),
          ilike(applicationImages.summaryEn, pattern),
        )
      : undefined,
  );
}

/** Whether the viewer likes the image; a guest likes nothing. */
const likedBy = (viewer: UserId | null) =>
  viewer === null
    ? sql<boolean>`false`
    : sql<boolean>`EXISTS (SELECT 1 FROM ${applicationImageLikes} WHERE ${applicationImageLikes.imageId} = ${applicationImages.id} AND ${applicationImageLikes.userId} = ${viewer})`;

const summaryColumns = (viewer: UserId | null) => ({
  id: applicationImages.id,
  name: applicationImages.name,
  kind: applicationImages.kind,
  ownerId: applicationImages.ownerId,
  summaryZh: applicationImages.summaryZh,
  summaryEn: applicationImages.summaryEn,
  typeId: imageTypes.id,
  typeNameZh: imageTypes.nameZh,
  typeNameEn: imageTypes.nameEn,
  likeCount: applicationImages.likeCount,
  liked: likedBy(viewer),
  minGpuMemoryGb: applicationImages.minGpuMemoryGb,
  links: applicationImages.links,
  createdAt: applicationImages.createdAt,
});

export type ImageRow = Awaited<ReturnType<typeof listImageRows>>[number];

const images = (db: Db, viewer: UserId | null) =>
  db
    .select(summaryColumns(viewer))
    .from(applicationImages)
    .innerJoin(imageTypes, eq(imageTypes.id, applicationImages.typeId));

// Official images first, in the order operators added them, then community images as they were published.
const catalogueOrder = [asc(sql`${applicationImages.kind} = 'community'`), asc(applicationImages.id)];

export function listImageRows(
  db: Db,
  { viewer, filters, page }: { viewer: UserId | null; filters: ImageFilters; page: PageWindow },
) {
  return images(db, viewer)
    .where(matching(filters))
    .orderBy(...catalogueOrder)
    .limit(page.limit)
    .offset(page.offset);
}

export const countImages = (db: Db, filters: ImageFilters) => db.$count(applicationImages, matching(filters));

export function listBannerRows(db: Db, viewer: UserId | null) {
  return images(db, viewer)
    .where(and(eq(applicationImages.banner, true), shown))
    .orderBy(asc(applicationImages.bannerOrder), asc(applicationImages.id));
}

export async function findImageRow(db: Db, viewer: UserId | null, imageId: bigint) {
  const [row] = await db
    .select({
      ...summaryColumns(viewer),
      introductionZh: applicationImages.introductionZh,
      introductionEn: applicationImages.introductionEn,
      shown,
    })
    .from(applicationImages)
    .innerJoin(imageTypes, eq(imageTypes.id, applicationImages.typeId))
    .where(eq(applicationImages.id, imageId));
  return row;
}

/** The images a user likes that users still see, latest like first; the owner sits in the join and the filter. */
export function listLikedImageRows(db: Db, userId: UserId, page: PageWindow) {
  return images(db, userId)
    .innerJoin(
      applicationImageLikes,
      and(eq(applicationImageLikes.imageId, applicationImages.id), eq(applicationImageLikes.userId, userId)),
    )
    .where(and(eq(applicationImageLikes.userId, userId), shown))
    .orderBy(desc(applicationImageLikes.likedAt), desc(applicationImageLikes.imageId))
    .limit(page.limit)
    .offset(page.offset);
}

export const countLikedImages = (db: Db, userId: UserId) =>
  db.$count(
    applicationImageLikes,
    and(
      eq(applicationImageLikes.userId, userId),
      sql`EXISTS (SELECT 1 FROM application_images WHERE application_images.id = application_image_likes.image_id AND ${shown})`,
    ),
  );

export async function imageExists(db: Db, imageId: bigint) {
  const rows = await db
    .select({ id: applicationImages.id })
    .from(applicationImages)
    .where(eq(applicationImages.id, imageId));
  return rows.length > 0;
}

/** Removes the user's like; whether there was one to remove. */
export async function deleteLike(tx: Tx, userId: UserId, imageId: bigint) {
  const deleted = await tx
    .delete(applicationImageLikes)
    .where(and(eq(applicationImageLikes.userId, userId), eq(applicationImageLikes.imageId, imageId)))
    .returning({ imageId: applicationImageLikes.imageId });
  return deleted.length > 0;
}

/** Records the user's like once; whether this call recorded it (a concurrent one may have got there first). */
export async function insertLike(tx: Tx, like: { userId: UserId; imageId: bigint; at: Date }) {
  const inserted = await tx
    .insert(applicationImageLikes)
    .values({ userId: like.userId, imageId: like.imageId, likedAt: like.at })
    .onConflictDoNothing()
    .returning({ imageId: applicationImageLikes.imageId });
  return inserted.length > 0;
}

/**
 * Moves the count by the like just recorded or removed, in the same transaction: the row lock this UPDATE takes
 * orders concurrent toggles on one image, and `like_count + delta` reads the committed value, so no change is lost.
 */
export async function addToLikeCount(tx: Tx, imageId: bigint, delta: number) {
  const [row] = await tx
    .update(applicationImages)
    .set({ likeCount: sql`${applicationImages.likeCount} + ${delta}` })
    .where(eq(applicationImages.id, imageId))
    .returning({ likeCount: applicationImages.likeCount });
  return row?.likeCount ?? 0;
}

export async function readLikeCount(db: Db, imageId: bigint) {
  const [row] = await db
    .select({ likeCount: applicationImages.likeCount })
    .from(applicationImages)
    .where(eq(applicationImages.id, imageId));
  return row?.likeCount ?? 0;
}

export async function updateIntroduction(
  db: Db,
  { imageId, english, introduction }: { imageId: bigint; english: boolean; introduction: string },
) {
  await db
    .update(applicationImages)
    .set({
      ...(english ? { introductionEn: introduction } : { introductionZh: introduction }),
      // An operator's edit of the whole image read before this must not overwrite it unseen.
      version: sql`${applicationImages.version} + 1`,
    })
    .where(eq(applicationImages.id, imageId));
}

export type NewCommunityImage = Omit<typeof applicationImages.$inferInsert, 'id' | 'kind' | 'likeCount'> & {
  ownerId: UserId;
};

/**
 * Publishes a community image unless its owner already has one of that name (what makes seeding and a repeated review
 * repeatable); answers the image's id.
 */
export async function insertCommunityImageOnce(db: Db, image: NewCommunityImage): Promise<bigint> {
  const [existing] = await db
    .select({ id: applicationImages.id })
    .from(applicationImages)
    .where(and(eq(applicationImages.ownerId, image.ownerId), eq(applicationImages.name, image.name)));
  if (existing) {
    return existing.id;
  }
  const [inserted] = await db
    .insert(applicationImages)
    .values({ ...image, kind: 'community' })
    .returning({ id: applicationImages.id });
  return inserted!.id;
}

export async function findTypeId(db: Db, nameEn: string) {
  const [row] = await db.select({ id: imageTypes.id }).from(imageTypes).where(eq(imageTypes.nameEn, nameEn));
  return row?.id;
}

/** The types users file images under: those not hidden, in display order. */
export function listTypeRows(db: Db) {
  return db
    .select()
    .from(imageTypes)
    .where(eq(imageTypes.hidden, false))
    .orderBy(asc(imageTypes.sort), asc(imageTypes.id));
}

export async function findRentableImage(db: Db, imageId: bigint) {
  const [row] = await db
    .select({
      id: applicationImages.id,
      name: applicationImages.name,
      minGpuMemoryGb: applicationImages.minGpuMemoryGb,
      links: applicationImages.links,
      archiveKey: applicationImages.archiveKey,
      /** Whether new applications may be rented from it (not hidden); running ones carry on either way. */
      offered: shown,
    })
    .from(applicationImages)
    .where(eq(applicationImages.id, imageId));
  return row ?? null;
}

/** The community images among `imageIds`, with their creator and what an hour of their use earns them. */
export function findCreatorRates(db: Db, imageIds: readonly bigint[]) {
  return db
    .select({
      imageId: applicationImages.id,
      creatorId: applicationImages.ownerId,
      name: applicationImages.name,
      pricePerHour: applicationImages.creatorPricePerHour,
    })
    .from(applicationImages)
    .where(and(inArray(applicationImages.id, [...imageIds]), isNotNull(applicationImages.ownerId)));
}
