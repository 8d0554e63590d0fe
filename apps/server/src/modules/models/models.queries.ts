import { and, asc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import type { UserId } from '../../db/ids.js';
import type { PageWindow } from '../../db/paging.js';
import { modelLikes, modelTypes, trainedModels as models } from './models.tables.js';

export interface ModelFilters {
  typeId?: bigint | undefined;
  keyword?: string | undefined;
  /** Only the models this user likes. */
  likedBy?: UserId | undefined;
}

/** A keyword matches literally: % and _ typed by a user are not wildcards. */
const literal = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

const likes = (viewer: UserId) =>
  sql<boolean>`EXISTS (SELECT 1 FROM ${modelLikes} WHERE ${modelLikes.modelId} = ${models.id} AND ${modelLikes.userId} = ${viewer})`;

function matching({ typeId, keyword, likedBy }: ModelFilters): SQL | undefined {
  const pattern = keyword ? literal(keyword) : undefined;
  return and(
    // A model an operator hid is gone from the center; copies already started finish.
    eq(models.hidden, false),
    typeId !== undefined ? eq(models.typeId, typeId) : undefined,
    pattern
      ? or(
          ilike(models.nameEn, pattern),
          ilike(models.nameZh, pattern),
          ilike(models.summaryEn, pattern),
          ilike(models.summaryZh, pattern),
        )
      : undefined,
    likedBy === undefined ? undefined : likes(likedBy),
  );
}

const columns = (viewer: UserId | null) => ({
  id: models.id,
  modelKey: models.modelKey,
  nameEn: models.nameEn,
  nameZh: models.nameZh,
  summaryEn: models.summaryEn,
  summaryZh: models.summaryZh,
  version: models.version,
  baseModel: models.baseModel,
  licence: models.licence,
  source: models.source,
  sourceUrl: models.sourceUrl,
  sizeBytes: models.sizeBytes,
  likeCount: models.likeCount,
  liked: viewer === null ? sql<boolean>`false` : likes(viewer),
  createdAt: models.createdAt,
  typeId: modelTypes.id,
  typeCode: modelTypes.code,
  typeNameZh: modelTypes.nameZh,
  typeNameEn: modelTypes.nameEn,
});

export type ModelRow = Awaited<ReturnType<typeof listModelRows>>[number];

// By type in the center's order, then as operators added them.
export function listModelRows(
  db: Db,
  { viewer, filters, page }: { viewer: UserId | null; filters: ModelFilters; page: PageWindow },
) {
  return db
    .select(columns(viewer))
    .from(models)
    .innerJoin(modelTypes, eq(modelTypes.id, models.typeId))
    .where(matching(filters))
    .orderBy(asc(modelTypes.sort), asc(models.id))
    .limit(page.limit)
    .offset(page.offset);
}

export const countModels = (db: Db, filters: ModelFilters) => db.$count(models, matching(filters));

export async function findModelRow(db: Db, viewer: UserId | null, modelId: bigint) {
  const [row] = await db
    .select({ ...columns(viewer), introductionEn: models.introductionEn, introductionZh: models.introductionZh })
    .from(models)
    .innerJoin(modelTypes, eq(modelTypes.id, models.typeId))
    .where(and(eq(models.id, modelId), eq(models.hidden, false)));
  return row;
}

export const listTypeRows = (db: Db) => db.select().from(modelTypes).orderBy(asc(modelTypes.sort), asc(modelTypes.id));

export async function modelExists(db: Db, modelId: bigint) {
  const rows = await db
    .select({ id: models.id })
    .from(models)
    .where(and(eq(models.id, modelId), eq(models.hidden, false)));
  return rows.length > 0;
}

/** Removes the user's like; whether there was one to remove. */
export async function deleteLike(tx: Tx, userId: UserId, modelId: bigint) {
  const deleted = await tx
    .delete(modelLikes)
    .where(and(eq(modelLikes.userId, userId), eq(modelLikes.modelId, modelId)))
    .returning({ modelId: modelLikes.modelId });
  return deleted.length > 0;
}

/** Records the user's like once; whether this call recorded it. */
export async function insertLike(tx: Tx, like: { userId: UserId; modelId: bigint; at: Date }) {
  const inserted = await tx
    .insert(modelLikes)
    .values({ userId: like.userId, modelId: like.modelId, likedAt: like.at })
    .onConflictDoNothing()
    .returning({ modelId: modelLikes.modelId });
  return inserted.length > 0;
}

/** Moves the count by the like just recorded or removed, in its transaction (the row lock orders toggles). */
export async function addToLikeCount(tx: Tx, modelId: bigint, delta: number) {
  const [row] = await tx
    .update(models)
    .set({ likeCount: sql`${models.likeCount} + ${delta}` })
    .where(eq(models.id, modelId))
    .returning({ likeCount: models.likeCount });
  return row?.likeCount ?? 0;
}

export async function readLikeCount(db: Db, modelId: bigint) {
  const [row] = await db.select({ likeCount: models.likeCount }).from(models).where(eq(models.id, modelId));
  return row?.likeCount ?? 0;
}
