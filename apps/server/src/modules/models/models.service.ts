import type { Locale, models, PageQuery } from '@suanli/contract';
import type { Db } from '../../db/client.js';
import type { UserId } from '../../db/ids.js';
import { paged } from '../../db/paging.js';
import { toggleLike } from '../../db/toggle-like.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../http/app-error.js';
import type { Clock } from '../../jobs/clock.js';
import type { ModelSource } from '../../providers/model-source/index.js';
import { transferView, type ApplicationsModuleService } from '../applications/index.js';
import * as queries from './models.queries.js';
import type { ModelRow } from './models.queries.js';

export interface ModelListQuery extends PageQuery {
  typeId?: string | undefined;
  keyword?: string | undefined;
  liked?: 'true' | 'false' | undefined;
}

function modelView(locale: Locale, row: ModelRow): models.ModelSummary {
  const english = locale === 'en-US';
  return {
    id: String(row.id),
    key: row.modelKey,
    name: english ? row.nameEn : row.nameZh,
    type: { id: String(row.typeId), code: row.typeCode, name: english ? row.typeNameEn : row.typeNameZh },
    summary: english ? row.summaryEn : row.summaryZh,
    version: row.version,
    baseModel: row.baseModel,
    licence: row.licence,
    source: row.source,
    sourceUrl: row.sourceUrl,
    sizeBytes: row.sizeBytes,
    likeCount: row.likeCount,
    liked: row.liked,
    createTime: row.createdAt.toISOString(),
  };
}

const notFound = (id: string) =>
  new AppError('notFound', { messageKey: 'models.notFound', params: { id }, field: 'modelId' });

interface ModelsDependencies {
  db: Db;
  clock: Clock;
  source: ModelSource;
  applications: Pick<ApplicationsModuleService, 'startCopy' | 'copyPending'>;
}

/** The model center (spec §2 /model, /modelDetial): models by type, likes, and downloads into an application. */
export function modelsService({ db, clock, source, applications }: ModelsDependencies) {
  async function findModel(viewer: UserId | null, id: string) {
    const row = await queries.findModelRow(db, viewer, BigInt(id));
    if (!row) {
      throw notFound(id);
    }
    return row;
  }

  return {
    async listTypes(locale: Locale) {
      const rows = await queries.listTypeRows(db);
      return rows.map((row) => ({
        id: String(row.id),
        code: row.code,
        name: locale === 'en-US' ? row.nameEn : row.nameZh,
      }));
    },

    async listModels(viewer: UserId | null, locale: Locale, query: ModelListQuery) {
      if (query.liked === 'true' && viewer === null) {
        // A guest likes nothing.
        return { rows: [], total: 0 };
      }
      const filters = {
        typeId: query.typeId === undefined ? undefined : BigInt(query.typeId),
        keyword: query.keyword || undefined,
        likedBy: query.liked === 'true' ? (viewer ?? undefined) : undefined,
      };
      const { rows, total } = await paged(query, {
        rows: (page) => queries.listModelRows(db, { viewer, filters, page }),
        total: () => queries.countModels(db, filters),
      });
      return { rows: rows.map((row) => modelView(locale, row)), total };
    },

    async getModel(viewer: UserId | null, locale: Locale, id: string) {
      const row = await findModel(viewer, id);
      const files = await source.files(row.modelKey);
      return {
        ...modelView(locale, row),
        introduction: locale === 'en-US' ? row.introductionEn : row.introductionZh,
        files: files.map((file) => ({ path: file.path, sizeBytes: file.size })),
      };
    },

    /** Likes the model, or takes the like back; the like row and the count commit together (db/toggle-like.ts). */
    async toggleLike(userId: UserId, modelId: string) {
      const id = BigInt(modelId);
      if (!(await queries.modelExists(db, id))) {
        throw notFound(modelId);
      }
      return toggleLike(db, {
        remove: (tx) => queries.deleteLike(tx, userId, id),
        add: (tx) => queries.insertLike(tx, { userId, modelId: id, at: clock.now() }),
        addToCount: (tx, delta) => queries.addToLikeCount(tx, id, delta),
        readCount: (tx) => queries.readLikeCount(tx, id),
      });
    },

    /** Copies the model's files into the folder `path` of the caller's running application (transfers.service.ts). */
    async download(
      userId: UserId,
      locale: Locale,
      input: { modelId: string; applicationId: string | undefined; path: string | undefined },
    ) {
      const row = await findModel(userId, input.modelId);
      const files = await source.files(row.modelKey);
      const transfer = await inTransaction(db, (tx) =>
        applications.startCopy(tx, {
          userId,
          applicationId: input.applicationId,
          directory: input.path,
          label: locale === 'en-US' ? row.nameEn : row.nameZh,
          kind: 'model',
          items: files.map((file) => ({
            path: file.path,
            size: file.size,
            source: { kind: 'models', key: `${row.modelKey}/${file.path}` },
          })),
        }),
      );
      applications.copyPending();
      return transferView(locale, transfer);
    },
  };
}

export type ModelsService = ReturnType<typeof modelsService>;
