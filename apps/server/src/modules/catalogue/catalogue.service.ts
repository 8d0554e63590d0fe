import type { catalogue, Locale, PageQuery } from '@suanli/contract';
import type { Db } from '../../db/client.js';
import type { UserId } from '../../db/ids.js';
import { paged } from '../../db/paging.js';
import { toggleLike } from '../../db/toggle-like.js';
import { AppError } from '../../http/app-error.js';
import type { Clock } from '../../jobs/clock.js';
import type { OperatorsService } from '../operators/index.js';
import * as queries from './catalogue.queries.js';
import type { ImageFilters, ImageRow, NewCommunityImage } from './catalogue.queries.js';

/** The filters as the contract's query carries them: ids as text. */
export interface ImageFilterQuery {
  typeId?: string | undefined;
  keyword?: string | undefined;
  kind?: catalogue.ImageKind | undefined;
}

const filtersOf = ({ typeId, keyword, kind }: ImageFilterQuery): ImageFilters => ({
  typeId: typeId === undefined ? undefined : BigInt(typeId),
  keyword: keyword || undefined,
  kind,
});

// A plain listing is capped as a page is: the application center pages, the unpaged call is for small pickers.
const UNPAGED = { limit: 100, offset: 0 };

function imageView(locale: Locale, row: ImageRow) {
  const english = locale === 'en-US';
  return {
    id: String(row.id),
    name: row.name,
    kind: row.kind,
    type: { id: String(row.typeId), name: english ? row.typeNameEn : row.typeNameZh },
    summary: english ? row.summaryEn : row.summaryZh,
    likeCount: row.likeCount,
    liked: row.liked,
    minGpuMemoryGb: row.minGpuMemoryGb,
    links: row.links,
    createTime: row.createdAt.toISOString(),
  };
}

const notFound = (imageId: string) =>
  new AppError('notFound', { messageKey: 'catalogue.imageNotFound', params: { id: imageId }, field: 'id' });

interface CatalogueDependencies {
  db: Db;
  clock: Clock;
  operators: Pick<OperatorsService, 'holds'>;
}

/** The image catalogue of the application center (spec §2 /aigc, /imageDetail; §7 "App images and models"). */
export function catalogueService({ db, clock, operators }: CatalogueDependencies) {
  /** The owner revises a community image; an operator granted `review` an official one (catalogue.admin.service.ts). */
  async function mayRevise(viewer: UserId | null, row: Pick<ImageRow, 'kind' | 'ownerId'>) {
    if (viewer === null) {
      return false;
    }
    return row.kind === 'community' ? row.ownerId === viewer : operators.holds(viewer, 'review');
  }

  async function findImage(viewer: UserId | null, imageId: string) {
    const row = await queries.findImageRow(db, viewer, BigInt(imageId));
    if (!row) {
      throw notFound(imageId);
    }
    return row;
  }

  return {
    async listTypes(locale: Locale) {
      const rows = await queries.listTypeRows(db);
      return rows.map((row) => ({ id: String(row.id), name: locale === 'en-US' ? row.nameEn : row.nameZh }));
    },

    async listImages(viewer: UserId | null, locale: Locale, query: ImageFilterQuery) {
      const rows = await queries.listImageRows(db, { viewer, filters: filtersOf(query), page: UNPAGED });
      return rows.map((row) => imageView(locale, row));
    },

    async listImagePage(viewer: UserId | null, locale: Locale, query: ImageFilterQuery & PageQuery) {
      const filters = filtersOf(query);
      const { rows, total } = await paged(query, {
        rows: (page) => queries.listImageRows(db, { viewer, filters, page }),
        total: () => queries.countImages(db, filters),
      });
      return { rows: rows.map((row) => imageView(locale, row)), total };
    },

    async listBanners(viewer: UserId | null, locale: Locale) {
      const rows = await queries.listBannerRows(db, viewer);
      return rows.map((row) => imageView(locale, row));
    },

    async getImage(viewer: UserId | null, locale: Locale, imageId: string) {
      const row = await findImage(viewer, imageId);
      if (!row.shown) {
        throw notFound(imageId);
      }
      return {
        ...imageView(locale, row),
        introduction: locale === 'en-US' ? row.introductionEn : row.introductionZh,
        revisable: await mayRevise(viewer, row),
      };
    },

    /** Likes the image, or takes the like back; the like row and the count commit together (db/toggle-like.ts). */
    async toggleLike(userId: UserId, imageId: string) {
      const id = BigInt(imageId);
      if (!(await queries.imageExists(db, id))) {
        throw notFound(imageId);
      }
      return toggleLike(db, {
        remove: (tx) => queries.deleteLike(tx, userId, id),
        add: (tx) => queries.insertLike(tx, { userId, imageId: id, at: clock.now() }),
        addToCount: (tx, delta) => queries.addToLikeCount(tx, id, delta),
        readCount: (tx) => queries.readLikeCount(tx, id),
      });
    },

    async listLikedImages(userId: UserId, locale: Locale, query: PageQuery) {
      const { rows, total } = await paged(query, {
        rows: (page) => queries.listLikedImageRows(db, userId, page),
        total: () => queries.countLikedImages(db, userId),
      });
      return { rows: rows.map((row) => imageView(locale, row)), total };
    },

    /** Replaces the introduction of the caller's own community image in the caller's language (not the other's). */
    async reviseIntroduction(userId: UserId, locale: Locale, body: { id: string; introduction: string }) {
      const row = await findImage(userId, body.id);
      if (row.kind !== 'community' || row.ownerId !== userId) {
        throw new AppError('forbidden', { messageKey: 'catalogue.reviseForbidden' });
      }
      await queries.updateIntroduction(db, {
        imageId: row.id,
        english: locale === 'en-US',
        introduction: body.introduction,
      });
      return { id: body.id, introduction: body.introduction };
    },

    /** What renting an application from the image needs of it (`offered`: not hidden); null when there is none. */
    rentable: (imageId: bigint) => queries.findRentableImage(db, imageId),

    /** The community images among these, each with its creator and price per hour of use (creator income). */
    creatorRates: (executor: Db, imageIds: readonly bigint[]) =>
      imageIds.length === 0 ? Promise.resolve([]) : queries.findCreatorRates(executor, imageIds),

    /**
     * Publishes a community image for its owner, once per name (the development seed's demo images and an operator's
     * review of a submitted image use it), in the caller's transaction when given one; answers its id.
     */
    async publishCommunityImage(
      image: Omit<NewCommunityImage, 'typeId'> & { typeNameEn: string },
      executor: Db = db,
    ): Promise<bigint> {
      const { typeNameEn, ...rest } = image;
      const typeId = await queries.findTypeId(executor, typeNameEn);
      if (typeId === undefined) {
        throw new Error(`no image type named ${typeNameEn}`);
      }
      return queries.insertCommunityImageOnce(executor, { ...rest, typeId });
    },
  };
}

export type CatalogueService = ReturnType<typeof catalogueService>;
