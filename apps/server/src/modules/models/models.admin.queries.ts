import { and, asc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import type { PageWindow } from '../../db/paging.js';
import { modelTypes, trainedModels as models } from './models.tables.js';

/** Operators' reads and compare-and-set writes on the model center's models (models.admin.service.ts). */

export interface DeskModelFilters {
  typeId?: bigint | undefined;
  hidden?: boolean | undefined;
  keyword?: string | undefined;
}

const literal = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

function matching({ typeId, hidden, keyword }: DeskModelFilters): SQL | undefined {
  const pattern = keyword ? literal(keyword) : undefined;
  return and(
    typeId === undefined ? undefined : eq(models.typeId, typeId),
    hidden === undefined ? undefined : eq(models.hidden, hidden),
    pattern
      ? or(ilike(models.nameEn, pattern), ilike(models.nameZh, pattern), ilike(models.modelKey, pattern))
      : undefined,
  );
}

const rows = (db: Db) =>
  db
    .select({ model: models, typeNameZh: modelTypes.nameZh, typeNameEn: modelTypes.nameEn })
    .from(models)
    .innerJoin(modelTypes, eq(modelTypes.id, models.typeId));

export type DeskModelRow = Awaited<ReturnType<typeof listModels>>[number];

export const listModels = (db: Db, filters: DeskModelFilters, page: PageWindow) =>
  rows(db).where(matching(filters)).orderBy(asc(models.id)).limit(page.limit).offset(page.offset);

export const countModels = (db: Db, filters: DeskModelFilters) => db.$count(models, matching(filters));

export async function findModel(db: Db, id: bigint) {
  const [row] = await rows(db).where(eq(models.id, id));
  return row;
}

export async function typeExists(db: Db, id: bigint) {
  const found = await db.select({ id: modelTypes.id }).from(modelTypes).where(eq(modelTypes.id, id));
  return found.length > 0;
}

export type ModelFields = Pick<
  typeof models.$inferInsert,
  | 'typeId'
  | 'nameZh'
  | 'nameEn'
  | 'summaryZh'
  | 'summaryEn'
  | 'introductionZh'
  | 'introductionEn'
  | 'version'
  | 'baseModel'
  | 'licence'
  | 'source'
  | 'sourceUrl'
  | 'sizeBytes'
  | 'hidden'
>;

/** Adds a model unless one has its key; its id, or null when the key is taken. */
export async function insertModel(tx: Tx, model: ModelFields & { modelKey: string }) {
  const inserted = await tx
    .insert(models)
    .values(model)
    .onConflictDoNothing({ target: models.modelKey })
    .returning({ id: models.id });
  return inserted[0]?.id ?? null;
}

/** Compare-and-set on the revision read: false when another change came first. */
export async function updateModel(
  tx: Tx,
  { id, revision }: { id: bigint; revision: number },
  change: Partial<ModelFields>,
) {
  const updated = await tx
    .update(models)
    .set({ ...change, revision: sql`${models.revision} + 1` })
    .where(and(eq(models.id, id), eq(models.revision, revision)))
    .returning({ id: models.id });
  return updated.length > 0;
}
