import type { catalogueDesk, PageQuery } from '@suanli/contract';
import type { Db, Tx } from '../../db/client.js';
import { paged } from '../../db/paging.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../http/app-error.js';
import type { Audit } from '../../http/operator-audit.js';
import * as desk from './models.admin.queries.js';

type ModelFields = Omit<desk.ModelFields, 'typeId' | 'version' | 'hidden' | 'baseModel'> & {
  typeId: string;
  modelVersion: string;
  baseModel: string | null;
};
type DeskModelQuery = PageQuery & {
  typeId?: string | undefined;
  hidden?: 'true' | 'false' | undefined;
  keyword?: string | undefined;
};

const modelView = ({ model, typeNameZh, typeNameEn }: desk.DeskModelRow): catalogueDesk.DeskModel => ({
  id: String(model.id),
  key: model.modelKey,
  typeId: String(model.typeId),
  typeNameZh,
  typeNameEn,
  nameZh: model.nameZh,
  nameEn: model.nameEn,
  summaryZh: model.summaryZh,
  summaryEn: model.summaryEn,
  introductionZh: model.introductionZh,
  introductionEn: model.introductionEn,
  modelVersion: model.version,
  baseModel: model.baseModel,
  licence: model.licence,
  source: model.source,
  sourceUrl: model.sourceUrl,
  sizeBytes: model.sizeBytes,
  hidden: model.hidden,
  likeCount: model.likeCount,
  createTime: model.createdAt.toISOString(),
  version: model.revision,
});

/** What the audit keeps of a model: its facts, without the long introductions. */
const modelAudit = ({
  introductionZh: _zh,
  introductionEn: _en,
  likeCount: _likes,
  ...rest
}: catalogueDesk.DeskModel) => rest;

/**
 * Operators' models of the model center (`/api/admin/review/catalogue/models`), each change with its audit row in its
 * transaction (decision 0021) and compare-and-set on the revision the operator read: one of two operators wins, the
 * other gets a 409.
 */
export function modelsAdminService({ db }: { db: Db }) {
  async function modelOf(executor: Db, idText: string) {
    const row = await desk.findModel(executor, BigInt(idText));
    if (!row) {
      throw new AppError('notFound', {
        messageKey: 'catalogueDesk.modelNotFound',
        params: { id: idText },
        field: 'id',
      });
    }
    return modelView(row);
  }

  async function columnsOf(tx: Tx, { typeId, modelVersion, ...fields }: ModelFields) {
    if (!(await desk.typeExists(tx, BigInt(typeId)))) {
      throw new AppError('notFound', {
        messageKey: 'catalogueDesk.modelTypeNotFound',
        params: { id: typeId },
        field: 'typeId',
      });
    }
    return { ...fields, typeId: BigInt(typeId), version: modelVersion, baseModel: fields.baseModel || null };
  }

  function change(audit: Audit, action: string, { id, version }: { id: string; version: number }) {
    return (values: (tx: Tx) => Promise<Partial<desk.ModelFields>>) =>
      inTransaction(db, async (tx) => {
        const before = await modelOf(tx, id);
        const columns = await values(tx);
        if (
          before.version !== version ||
          !(await desk.updateModel(tx, { id: BigInt(id), revision: version }, columns))
        ) {
          throw new AppError('conflict', {
            messageKey: 'catalogueDesk.modelChanged',
            params: { id },
            field: 'version',
          });
        }
        const after = await modelOf(tx, id);
        await audit(tx, { action, target: `model:${id}`, before: modelAudit(before), after: modelAudit(after) });
        return after;
      });
  }

  return {
    async listModels({ typeId, hidden, keyword, ...page }: DeskModelQuery) {
      const filters = {
        typeId: typeId === undefined ? undefined : BigInt(typeId),
        hidden: hidden === undefined ? undefined : hidden === 'true',
        keyword: keyword || undefined,
      };
      const { rows, total } = await paged(page, {
        rows: (window) => desk.listModels(db, filters, window),
        total: () => desk.countModels(db, filters),
      });
      return { rows: rows.map(modelView), total };
    },

    addModel: (audit: Audit, { key, ...fields }: ModelFields & { key: string }) =>
      inTransaction(db, async (tx) => {
        const id = await desk.insertModel(tx, { ...(await columnsOf(tx, fields)), modelKey: key });
        if (id === null) {
          throw new AppError('conflict', { messageKey: 'catalogueDesk.modelExists', params: { key }, field: 'key' });
        }
        const after = await modelOf(tx, String(id));
        await audit(tx, { action: 'models.addModel', target: `model:${id}`, before: null, after: modelAudit(after) });
        return after;
      }),

    updateModel: (audit: Audit, { id, version, ...fields }: ModelFields & { id: string; version: number }) =>
      change(audit, 'models.updateModel', { id, version })((tx) => columnsOf(tx, fields)),

    hideModel: (audit: Audit, { id, version, hidden }: { id: string; version: number; hidden: boolean }) =>
      change(audit, hidden ? 'models.hideModel' : 'models.showModel', { id, version })(async () => ({ hidden })),
  };
}

export type ModelsAdminService = ReturnType<typeof modelsAdminService>;
