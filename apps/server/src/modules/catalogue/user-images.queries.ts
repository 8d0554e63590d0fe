import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import type { UserId } from '../../db/ids.js';
import { applicationImages } from './catalogue.tables.js';
import {
  imageShares,
  imageStorageAccounts,
  imageSubmissions,
  userImages,
  type UserImageRow,
} from './user-images.tables.js';

export type NewUserImage = Omit<typeof userImages.$inferInsert, 'id' | 'progress' | 'sizeBytes' | 'state'>;

export async function insertUserImage(tx: Tx, image: NewUserImage) {
  const [row] = await tx
    .insert(userImages)
    .values({ ...image, state: 'uploading' })
    .returning();
  return row!;
}

/** The image row as listed: with its original image's name, its share status and its latest submission. */
const listedColumns = {
  image: userImages,
  baseImageName: applicationImages.name,
  shareStatus: sql<'sharing' | 'canceled' | null>`(SELECT CASE WHEN count(*) = 0 THEN NULL
    WHEN bool_or(s.canceled_at IS NULL) THEN 'sharing' ELSE 'canceled' END
    FROM ${imageShares} s WHERE s.image_id = user_images.id)`,
  reviewState: sql<'pending' | 'published' | 'rejected' | null>`(SELECT r.review_state FROM ${imageSubmissions} r
    WHERE r.image_id = user_images.id ORDER BY r.id DESC LIMIT 1)`,
  reviewNote: sql<string | null>`(SELECT CASE WHEN r.review_state = 'rejected' THEN r.reason END
    FROM ${imageSubmissions} r WHERE r.image_id = user_images.id ORDER BY r.id DESC LIMIT 1)`,
};

export type ListedUserImage = Awaited<ReturnType<typeof listOwnImages>>[number];

export function listOwnImages(db: Db, ownerId: UserId) {
  return db
    .select(listedColumns)
    .from(userImages)
    .innerJoin(applicationImages, eq(applicationImages.id, userImages.baseImageId))
    .where(eq(userImages.ownerId, ownerId))
    .orderBy(desc(userImages.id));
}

/** The images shared with the receiver by a share still active, newest share first. */
export function listSharedImages(db: Db, receiverId: UserId) {
  return db
    .select(listedColumns)
    .from(imageShares)
    .innerJoin(userImages, eq(userImages.id, imageShares.imageId))
    .innerJoin(applicationImages, eq(applicationImages.id, userImages.baseImageId))
    .where(and(eq(imageShares.receiverId, receiverId), isNull(imageShares.canceledAt)))
    .orderBy(desc(imageShares.id));
}

export async function findOwnImage(db: Db, ownerId: UserId, imageId: bigint): Promise<UserImageRow | null> {
  const [row] = await db
    .select()
    .from(userImages)
    .where(and(eq(userImages.ownerId, ownerId), eq(userImages.id, imageId)));
  return row ?? null;
}

export async function lockOwnImage(tx: Tx, ownerId: UserId, imageId: bigint): Promise<UserImageRow | null> {
  const [row] = await tx
    .select()
    .from(userImages)
    .where(and(eq(userImages.ownerId, ownerId), eq(userImages.id, imageId)))
    .for('update');
  return row ?? null;
}

/** The image, and whether the viewer holds an active share of it (owners need none). */
export async function findUsableImage(db: Db, viewer: UserId, imageId: bigint) {
  const [row] = await db
    .select({
      image: userImages,
      // Spelled out: drizzle leaves a single table's columns unqualified, which inside the subquery would name s.id.
      shared: sql<boolean>`EXISTS (SELECT 1 FROM ${imageShares} s WHERE s.image_id = user_images.id
        AND s.receiver_id = ${viewer} AND s.canceled_at IS NULL)`,
      everShared: sql<boolean>`EXISTS (SELECT 1 FROM ${imageShares} s WHERE s.image_id = user_images.id
        AND s.receiver_id = ${viewer})`,
    })
    .from(userImages)
    .where(eq(userImages.id, imageId));
  return row ?? null;
}

export async function updateImage(db: Db, imageId: bigint, changes: Partial<UserImageRow>) {
  await db.update(userImages).set(changes).where(eq(userImages.id, imageId));
}

/** Moves the progress of an image still uploading; a finished one keeps what it finished with. */
export async function setProgress(db: Db, imageId: bigint, progress: number) {
  await db
    .update(userImages)
    .set({ progress })
    .where(and(eq(userImages.id, imageId), eq(userImages.state, 'uploading')));
}

export async function lockImage(tx: Tx, imageId: bigint): Promise<UserImageRow | null> {
  const [row] = await tx.select().from(userImages).where(eq(userImages.id, imageId)).for('update');
  return row ?? null;
}

export async function deleteOwnImage(tx: Tx, ownerId: UserId, imageId: bigint) {
  await tx.delete(userImages).where(and(eq(userImages.ownerId, ownerId), eq(userImages.id, imageId)));
}

/** The bytes of the owner's complete images: what image storage is billed on. */
export async function storedBytes(db: Db, ownerId: UserId): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${userImages.sizeBytes}), 0)::text` })
    .from(userImages)
    .where(and(eq(userImages.ownerId, ownerId), eq(userImages.state, 'complete')));
  return Number(row?.total ?? 0);
}

export async function ensureStorageAccount(tx: Tx, ownerId: UserId, orderNo: () => Promise<string>) {
  const [existing] = await tx
    .select({ id: imageStorageAccounts.id })
    .from(imageStorageAccounts)
    .where(eq(imageStorageAccounts.ownerId, ownerId));
  if (!existing) {
    await tx
      .insert(imageStorageAccounts)
      .values({ ownerId, orderNo: await orderNo() })
      .onConflictDoNothing();
  }
}

export async function lockStorageAccount(tx: Tx, accountId: bigint) {
  const [row] = await tx
    .select()
    .from(imageStorageAccounts)
    .where(eq(imageStorageAccounts.id, accountId))
    .for('update');
  return row ?? null;
}

export async function updateStorageAccount(
  tx: Tx,
  accountId: bigint,
  changes: { arrearsUnits: bigint; billedThrough: Date },
) {
  await tx
    .update(imageStorageAccounts)
    .set(changes as Partial<typeof imageStorageAccounts.$inferInsert>)
    .where(eq(imageStorageAccounts.id, accountId));
}

export async function findActiveShare(db: Db, imageId: bigint, receiverId: UserId) {
  const [row] = await db
    .select()
    .from(imageShares)
    .where(
      and(eq(imageShares.imageId, imageId), eq(imageShares.receiverId, receiverId), isNull(imageShares.canceledAt)),
    );
  return row ?? null;
}

export async function insertShare(tx: Tx, share: typeof imageShares.$inferInsert) {
  const [row] = await tx.insert(imageShares).values(share).returning();
  return row!;
}

/** A share of one of the owner's images, locked. */
export async function lockOwnShare(tx: Tx, ownerId: UserId, shareId: bigint) {
  const [row] = await tx
    .select({ share: imageShares })
    .from(imageShares)
    .innerJoin(userImages, eq(userImages.id, imageShares.imageId))
    .where(and(eq(userImages.ownerId, ownerId), eq(imageShares.id, shareId)))
    .for('update', { of: imageShares });
  return row?.share ?? null;
}

export async function cancelShare(tx: Tx, shareId: bigint, at: Date) {
  const [row] = await tx
    .update(imageShares)
    .set({ canceledAt: at })
    .where(and(eq(imageShares.id, shareId), isNull(imageShares.canceledAt)))
    .returning();
  return row ?? null;
}

export type ShareRow = typeof imageShares.$inferSelect;

export function listShares(db: Db, imageId: bigint) {
  return db.select().from(imageShares).where(eq(imageShares.imageId, imageId)).orderBy(desc(imageShares.id));
}

export async function insertSubmission(tx: Tx, imageId: bigint, at: Date) {
  const [row] = await tx
    .insert(imageSubmissions)
    .values({ imageId, submittedAt: at, reviewState: 'pending' })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

export async function lockSubmission(tx: Tx, submissionId: bigint) {
  const [row] = await tx.select().from(imageSubmissions).where(eq(imageSubmissions.id, submissionId)).for('update');
  return row ?? null;
}

export async function updateSubmission(
  tx: Tx,
  submissionId: bigint,
  changes: Partial<typeof imageSubmissions.$inferInsert>,
) {
  await tx.update(imageSubmissions).set(changes).where(eq(imageSubmissions.id, submissionId));
}

/** Whether a published community image still uses the archive (its key stays when the saved image is deleted). */
export async function archiveInUse(db: Db, archiveKey: string) {
  const rows = await db
    .select({ id: applicationImages.id })
    .from(applicationImages)
    .where(eq(applicationImages.archiveKey, archiveKey));
  return rows.length > 0;
}
