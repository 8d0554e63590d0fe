import type { catalogueDesk, Locale, PageQuery } from '@suanli/contract';
import type { Db, Tx } from '../../db/client.js';
import { paged } from '../../db/paging.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../http/app-error.js';
import type { Audit } from '../../http/operator-audit.js';
import * as desk from './catalogue.admin.queries.js';
import * as queries from './catalogue.queries.js';

type TypeFields = { nameZh: string; nameEn: string; sort: number };
type ImageFields = Omit<desk.ImageFields, 'typeId' | 'hidden' | 'banner' | 'bannerOrder'> & { typeId: string };
type Versioned<T> = T & { id: string; version: number };
type DeskImageQuery = PageQuery & {
  typeId?: string | undefined;
  hidden?: 'true' | 'false' | undefined;
  keyword?: string | undefined;
};

const typeView = (row: desk.TypeRow): catalogueDesk.DeskImageType => ({
  id: String(row.id),
  nameZh: row.nameZh,
  nameEn: row.nameEn,
  sort: row.sort,
  hidden: row.hidden,
  imageCount: row.imageCount,
  version: row.version,
});

const imageView = ({ image, typeNameZh, typeNameEn }: desk.DeskImageRow): catalogueDesk.DeskImage => ({
  id: String(image.id),
  name: image.name,
  summaryZh: image.summaryZh,
  summaryEn: image.summaryEn,
  introductionZh: image.introductionZh,
  introductionEn: image.introductionEn,
  typeId: String(image.typeId),
  typeNameZh,
  typeNameEn,
  minGpuMemoryGb: image.minGpuMemoryGb,
  links: image.links,
  hidden: image.hidden,
  bannerOrder: image.banner ? image.bannerOrder : null,
  likeCount: image.likeCount,
  createTime: image.createdAt.toISOString(),
  version: image.version,
});

/** What the audit keeps of an image: what users see of it, without the long introductions. */
const imageAudit = ({
  introductionZh: _zh,
  introductionEn: _en,
  likeCount: _likes,
  ...rest
}: catalogueDesk.DeskImage) => rest;

const changed = (messageKey: string, id: string) =>
  new AppError('conflict', { messageKey, params: { id }, field: 'version' });

/**
 * What operators do to the catalogue (`/api/admin/review/…`), each with its audit row in its transaction (decision
 * 0021). Every change to a row is compare-and-set on the version the operator read: of two operators changing one row
 * at once, one wins and the other gets a 409.
 */
export function catalogueAdminService({ db }: { db: Db }) {
  async function typeOf(executor: Db, idText: string) {
    const row = await desk.findType(executor, BigInt(idText));
    if (!row) {
      throw new AppError('notFound', { messageKey: 'catalogueDesk.typeNotFound', params: { id: idText }, field: 'id' });
    }
    return typeView(row);
  }

  async function imageOf(executor: Db, idText: string) {
    const row = await desk.findImage(executor, BigInt(idText));
    if (!row) {
      throw new AppError('notFound', {
        messageKey: 'catalogueDesk.imageNotFound',
        params: { id: idText },
        field: 'id',
      });
    }
    return imageView(row);
  }

  async function checkImageFields(tx: Tx, fields: ImageFields, except?: bigint) {
    if (!(await desk.findType(tx, BigInt(fields.typeId)))) {
      throw new AppError('notFound', {
        messageKey: 'catalogueDesk.typeNotFound',
        params: { id: fields.typeId },
        field: 'typeId',
      });
    }
    if (await desk.officialNameTaken(tx, fields.name, except)) {
      throw new AppError('conflict', {
        messageKey: 'catalogueDesk.imageExists',
        params: { name: fields.name },
        field: 'name',
      });
    }
    return { ...fields, typeId: BigInt(fields.typeId) };
  }

  /** One compare-and-set change to an image, audited as `action` with the image before and after. */
  function changeImage(audit: Audit, action: string, { id, version }: { id: string; version: number }) {
    return async (change: (tx: Tx, before: catalogueDesk.DeskImage) => Promise<Partial<desk.ImageFields>>) =>
      inTransaction(db, async (tx) => {
        const before = await imageOf(tx, id);
        const values = await change(tx, before);
        if (before.version !== version || !(await desk.updateImage(tx, { id: BigInt(id), version }, values))) {
          throw changed('catalogueDesk.imageChanged', id);
        }
        const after = await imageOf(tx, id);
        await audit(tx, { action, target: `image:${id}`, before: imageAudit(before), after: imageAudit(after) });
        return after;
      });
  }

  function changeType(audit: Audit, action: string, { id, version }: { id: string; version: number }) {
    return (values: Parameters<typeof desk.updateType>[2]) =>
      inTransaction(db, async (tx) => {
        const before = await typeOf(tx, id);
        if (before.version !== version || !(await desk.updateType(tx, { id: BigInt(id), version }, values))) {
          throw changed('catalogueDesk.typeChanged', id);
        }
        const after = await typeOf(tx, id);
        await audit(tx, { action, target: `image-type:${id}`, before, after });
        return after;
      });
  }

  return {
    listTypes: async () => (await desk.listTypes(db)).map(typeView),

    addType: (audit: Audit, fields: TypeFields) =>
      inTransaction(db, async (tx) => {
        const id = String(await desk.insertType(tx, fields));
        const after = await typeOf(tx, id);
        await audit(tx, { action: 'catalogue.addImageType', target: `image-type:${id}`, before: null, after });
        return after;
      }),

    updateType: (audit: Audit, { id, version, ...fields }: Versioned<TypeFields>) =>
      changeType(audit, 'catalogue.updateImageType', { id, version })(fields),

    hideType: (audit: Audit, { id, version, hidden }: Versioned<{ hidden: boolean }>) =>
      changeType(audit, hidden ? 'catalogue.hideImageType' : 'catalogue.showImageType', { id, version })({ hidden }),

    async listImages({ typeId, hidden, keyword, ...page }: DeskImageQuery) {
      const filters = {
        typeId: typeId === undefined ? undefined : BigInt(typeId),
        hidden: hidden === undefined ? undefined : hidden === 'true',
        keyword: keyword || undefined,
      };
      const { rows, total } = await paged(page, {
        rows: (window) => desk.listImages(db, filters, window),
        total: () => desk.countImages(db, filters),
      });
      return { rows: rows.map(imageView), total };
    },

    addImage: (audit: Audit, fields: ImageFields) =>
      inTransaction(db, async (tx) => {
        const values = await checkImageFields(tx, fields);
        const id = String(await desk.insertImage(tx, values));
        const after = await imageOf(tx, id);
        await audit(tx, {
          action: 'catalogue.addImage',
          target: `image:${id}`,
          before: null,
          after: imageAudit(after),
        });
        return after;
      }),

    updateImage: (audit: Audit, { id, version, ...fields }: Versioned<ImageFields>) =>
      changeImage(audit, 'catalogue.updateImage', { id, version })((tx) => checkImageFields(tx, fields, BigInt(id))),

    hideImage: (audit: Audit, { id, version, hidden }: Versioned<{ hidden: boolean }>) =>
      changeImage(audit, hidden ? 'catalogue.hideImage' : 'catalogue.showImage', { id, version })(async () => ({
        hidden,
      })),

    setBanner: (audit: Audit, { id, version, bannerOrder }: Versioned<{ bannerOrder: number | null }>) =>
      changeImage(audit, 'catalogue.setBanner', { id, version })(async (_tx, before) => {
        if (bannerOrder !== null && before.hidden) {
          throw new AppError('businessRule', { messageKey: 'catalogueDesk.bannerHidden', params: { id }, field: 'id' });
        }
        return { banner: bannerOrder !== null, bannerOrder };
      }),

    /** Replaces an official image's introduction in the caller's language; the other language keeps its own. */
    async reviseOfficialIntroduction(
      audit: Audit,
      locale: Locale,
      { id, introduction }: { id: string; introduction: string },
    ) {
      const english = locale === 'en-US';
      return inTransaction(db, async (tx) => {
        const row = await queries.findImageRow(tx, null, BigInt(id));
        if (!row) {
          throw new AppError('notFound', { messageKey: 'catalogue.imageNotFound', params: { id }, field: 'id' });
        }
        if (row.kind !== 'official') {
          throw new AppError('businessRule', { messageKey: 'catalogue.notOfficialImage', params: { id }, field: 'id' });
        }
        await queries.updateIntroduction(tx, { imageId: row.id, english, introduction });
        await audit(tx, {
          action: 'catalogue.reviseIntroduction',
          target: `image:${id}`,
          before: { locale, introduction: english ? row.introductionEn : row.introductionZh },
          after: { locale, introduction },
        });
        return { id, introduction };
      });
    },
  };
}

export type CatalogueAdminService = ReturnType<typeof catalogueAdminService>;
