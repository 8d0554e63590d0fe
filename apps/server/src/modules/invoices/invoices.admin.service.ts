import { randomUUID } from 'node:crypto';
import type { InvoiceStatus, PageQuery } from '@suanli/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.js';
import { paged } from '../../db/paging.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../http/app-error.js';
import type { Audit } from '../../http/operator-audit.js';
import type { Clock } from '../../jobs/clock.js';
import { isSafeObjectKey, type ObjectStore } from '../../providers/object-store/index.js';
import { adminApplicationView, applicationView } from './invoice-view.js';
import { allApplicationsPage, decideApplication, findAnyApplication } from './invoices.admin.queries.js';
import { UNDER_REVIEW } from './invoices.queries.js';
import type { InvoiceApplication } from './invoices.tables.js';

const FILE_TYPES = { 'application/pdf': 'pdf', 'image/png': 'png', 'image/jpeg': 'jpg' } as const;
type FileType = keyof typeof FILE_TYPES;
// What each type's bytes begin with: a file is what it says, not only what the upload link was told.
const SIGNATURES: Record<FileType, Buffer> = {
  'application/pdf': Buffer.from('%PDF-'),
  'image/png': Buffer.from('89504e470d0a1a0a', 'hex'),
  'image/jpeg': Buffer.from('ffd8ff', 'hex'),
};
const isFileType = (type: string): type is FileType => type in FILE_TYPES;
const FILE_MAX_BYTES = 10 * 1024 * 1024;
const UPLOAD_SECONDS = 15 * 60;

interface InvoicesAdminDependencies {
  db: Db;
  clock: Clock;
  store: ObjectStore;
  log: FastifyBaseLogger;
}

const filePrefix = (id: bigint) => `invoices/${id}/`;

/** Operators (area finance) work through the applications under review: complete with the invoice file, or reject. */
export function invoicesAdminService({ db, clock, store, log }: InvoicesAdminDependencies) {
  /** Decides an application under review in one audited transaction; 404 when none, 409 when already decided. */
  async function decide(
    audit: Audit,
    id: bigint,
    { action, set }: { action: string; set: Partial<InvoiceApplication> },
  ) {
    return inTransaction(db, async (tx: Tx) => {
      const before = await findAnyApplication(tx, id);
      if (!before) {
        throw new AppError('notFound', { messageKey: 'invoices.applicationNotFound', field: 'id' });
      }
      const after = await decideApplication(tx, id, { from: UNDER_REVIEW, set: { ...set, updatedAt: clock.now() } });
      if (!after) {
        throw new AppError('conflict', { messageKey: 'invoices.notUnderReview', field: 'id' });
      }
      await audit(tx, {
        action,
        target: `invoice-application:${id}`,
        before: applicationView(before),
        after: applicationView(after),
      });
      return adminApplicationView(after);
    });
  }

  /**
   * The uploaded file must be one of this application's keys, and (what an S3 upload link cannot enforce) within the
   * size and of a type allowed; a file that is not is removed (decision 0028).
   */
  async function checkFile(id: bigint, key: string) {
    const head = key.startsWith(filePrefix(id)) && isSafeObjectKey(key) ? await store.readHead(key, 8) : null;
    if (!head) {
      throw new AppError('businessRule', { messageKey: 'invoices.fileNotUploaded', field: 'fileKey' });
    }
    const refuse = async (error: AppError) => {
      await store.delete(key).catch((cause: unknown) => log.warn({ err: cause }, 'could not remove a refused invoice'));
      return error;
    };
    if (((await store.sizeOf(key)) ?? 0) > FILE_MAX_BYTES) {
      throw await refuse(
        new AppError('payloadTooLarge', {
          messageKey: 'invoices.fileTooLarge',
          params: { limit: String(FILE_MAX_BYTES / 1_048_576) },
          field: 'fileKey',
        }),
      );
    }
    const type = head.contentType;
    if (!isFileType(type) || !head.head.subarray(0, SIGNATURES[type].length).equals(SIGNATURES[type])) {
      throw await refuse(new AppError('businessRule', { messageKey: 'invoices.fileType', field: 'fileKey' }));
    }
  }

  return {
    async list(query: PageQuery & { status?: InvoiceStatus | undefined }) {
      const page = await paged(query, allApplicationsPage(db, query.status));
      return { total: page.total, rows: page.rows.map(adminApplicationView) };
    },

    /** A link to PUT the invoice file to, under a fresh key of the application's own folder. */
    async createUpload(audit: Audit, id: bigint, contentType: FileType) {
      const key = `${filePrefix(id)}${randomUUID()}.${FILE_TYPES[contentType]}`;
      await inTransaction(db, async (tx) => {
        if (!(await findAnyApplication(tx, id))) {
          throw new AppError('notFound', { messageKey: 'invoices.applicationNotFound', field: 'id' });
        }
        await audit(tx, {
          action: 'invoices.createUpload',
          target: `invoice-application:${id}`,
          before: null,
          after: { key },
        });
      });
      const upload = await store.presignPut(key, {
        contentTypes: [contentType],
        maxBytes: FILE_MAX_BYTES,
        expiresInSeconds: UPLOAD_SECONDS,
      });
      return {
        url: upload.url,
        method: upload.method,
        key,
        expiresAt: upload.expiresAt.toISOString(),
        maxBytes: FILE_MAX_BYTES,
      };
    },

    async complete(audit: Audit, id: bigint, file: { fileKey: string; fileName: string }) {
      await checkFile(id, file.fileKey);
      return decide(audit, id, {
        action: 'invoices.complete',
        set: { status: 'completed', fileKey: file.fileKey, fileName: file.fileName },
      });
    },

    reject: (audit: Audit, id: bigint, note: string) =>
      decide(audit, id, { action: 'invoices.reject', set: { status: 'rejected', rejectionNote: note } }),
  };
}

export type InvoicesAdminService = ReturnType<typeof invoicesAdminService>;
