import { and, asc, eq, getTableColumns, ilike, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import type { PageWindow } from '../../db/paging.js';
import { applicationImages, imageTypes } from './catalogue.tables.js';

/** Operators' reads and compare-and-set writes on official images and image types (catalogue.admin.service.ts). */

const literal = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

// Tables named: drizzle leaves a column unqualified in a one-table query, where `id` would mean the subquery's own.
const imageCount = sql<number>`(SELECT count(*)::int FROM application_images AS filed WHERE filed.type_id = image_types.id)`;

const typeColumns = { ...getTableColumns(imageTypes), imageCount };

export type TypeRow = Awaited<ReturnType<typeof listTypes>>[number];

export const listTypes = (db: Db) =>
  db.select(typeColumns).from(imageTypes).orderBy(asc(imageTypes.sort), asc(imageTypes.id));

export async function findType(db: Db, id: bigint) {
  const [row] = await db.select(typeColumns).from(imageTypes).where(eq(imageTypes.id, id));
  return row;
}

export async function insertType(tx: Tx, type: { nameZh: string; nameEn: string; sort: number }) {
  const [row] = await tx.insert(imageTypes).values(type).returning({ id: imageTypes.id });
  return row!.id;
}

/** Compare-and-set on the version read: false when another change came first. */
export async function updateType(
  tx: Tx,
  { id, version }: { id: bigint; version: number },
  change: Partial<Pick<typeof imageTypes.$inferInsert, 'nameZh' | 'nameEn' | 'sort' | 'hidden'>>,
) {
  const rows = await tx
    .update(imageTypes)
    .set({ ...change, version: sql`${imageTypes.version} + 1` })
    .where(and(eq(imageTypes.id, id), eq(imageTypes.version, version)))
    .returning({ id: imageTypes.id });
  return rows.length > 0;
}

export interface DeskImageFilters {
  typeId?: bigint | undefined;
  hidden?: boolean | undefined;
  keyword?: string | undefined;
}

function matching({ typeId, hidden, keyword }: DeskImageFilters): SQL | undefined {
  return and(
    eq(applicationImages.kind, 'official'),
    typeId === undefined ? undefined : eq(applicationImages.typeId, typeId),
    hidden === undefined ? undefined : eq(applicationImages.hidden, hidden),
    keyword ? ilike(applicationImages.name, literal(keyword)) : undefined,
  );
}

const imageColumns = {
  image: applicationImages,
  typeNameZh: imageTypes.nameZh,
  typeNameEn: imageTypes.nameEn,
};

export type DeskImageRow = Awaited<ReturnType<typeof listImages>>[number];

const images = (db: Db) =>
  db.select(imageColumns).from(applicationImages).innerJoin(imageTypes, eq(imageTypes.id, applicationImages.typeId));

export const listImages = (db: Db, filters: DeskImageFilters, page: PageWindow) =>
  images(db).where(matching(filters)).orderBy(asc(applicationImages.id)).limit(page.limit).offset(page.offset);

export const countImages = (db: Db, filters: DeskImageFilters) => db.$count(applicationImages, matching(filters));

/** An official image by id; a community image is not the catalogue desk's. */
export async function findImage(db: Db, id: bigint) {
  const [row] = await images(db).where(and(eq(applicationImages.id, id), eq(applicationImages.kind, 'official')));
  return row;
}

export async function officialNameTaken(db: Db, name: string, except?: bigint) {
  const rows = await db
    .select({ id: applicationImages.id })
    .from(applicationImages)
    .where(
      and(
        eq(applicationImages.kind, 'official'),
        eq(applicationImages.name, name),
        except === undefined ? undefined : sql`${applicationImages.id} <> ${except}`,
      ),
    );
  return rows.length > 0;
}

export type ImageFields = Pick<
  typeof applicationImages.$inferInsert,
  | 'name'
  | 'summaryZh'
  | 'summaryEn'
  | 'introductionZh'
  | 'introductionEn'
  | 'typeId'
  | 'minGpuMemoryGb'
  | 'links'
  | 'hidden'
  | 'banner'
  | 'bannerOrder'
>;

export async function insertImage(tx: Tx, image: ImageFields) {
  const [row] = await tx
    .insert(applicationImages)
    .values({ ...image, kind: 'official' })
    .returning({ id: applicationImages.id });
  return row!.id;
}

/** Compare-and-set on the version read: false when another change came first. */
export async function updateImage(
  tx: Tx,
  { id, version }: { id: bigint; version: number },
  change: Partial<ImageFields>,
) {
  const rows = await tx
    .update(applicationImages)
    .set({ ...change, version: sql`${applicationImages.version} + 1` })
    .where(and(eq(applicationImages.id, id), eq(applicationImages.version, version)))
    .returning({ id: applicationImages.id });
  return rows.length > 0;
}
