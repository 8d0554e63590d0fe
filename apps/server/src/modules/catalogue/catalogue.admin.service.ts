import type { Locale } from '@suanli/contract';
import type { Db } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../http/app-error.js';
import type { Audit } from '../../http/operator-audit.js';
import * as queries from './catalogue.queries.js';

/** What operators do to the catalogue (`/api/admin/review/…`), each with its audit row (decision 0021). */
export function catalogueAdminService({ db }: { db: Db }) {
  return {
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
