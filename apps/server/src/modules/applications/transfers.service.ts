import type { Readable } from 'node:stream';
import {
  translate,
  workspaceFolder,
  workspacePathProblem,
  type Locale,
  type PageQuery,
  type workspaceTransfers,
} from '@suanli/contract';
import type { Db, Tx } from '../../db/client.js';
import type { UserId } from '../../db/ids.js';
import { paged } from '../../db/paging.js';
import { AppError } from '../../http/app-error.js';
import type { Clock } from '../../jobs/clock.js';
import * as applications from './applications.queries.js';
import * as queries from './transfers.queries.js';
import type { SourceKind, TransferRow } from './transfers.tables.js';

/** Where copied bytes come from: `objects` is the object store, `models` the model source (compose-modules.ts). */
export interface CopySource {
  /** The bytes, or null when the key names nothing (the copy then fails naming the file). */
  open(key: string): Promise<Readable | null>;
  /** A link the bytes can be fetched from, for a driver that has the cluster fetch them. */
  url(key: string): Promise<string>;
}
export type CopySources = Record<SourceKind, CopySource>;

export interface StartCopy {
  userId: UserId;
  /** The application's id as text, as requests carry it; empty or absent is refused ("needs an application"). */
  applicationId: string | undefined;
  /** The folder on the data disk (`/models/sd`), by the rules of workspace-paths.ts. */
  directory: string | undefined;
  label: string;
  kind: workspaceTransfers.TransferKind;
  /** Each file by its path within `directory`, its size and where its bytes are. */
  items: { path: string; size: number; source: { kind: SourceKind; key: string } }[];
}

const refused = (messageKey: string, field: string) => new AppError('validation', { messageKey, field });

/** The full path on the disk of a file placed in `folder`; null when the file's own path is not a valid one. */
function placed(folder: string, path: string): string | null {
  if (workspacePathProblem(path) !== null) {
    return null;
  }
  const relative = workspaceFolder(path);
  if (relative === '') {
    return null;
  }
  return folder === '' ? relative : `${folder}/${relative}`;
}

export function transferView(locale: Locale, row: TransferRow): workspaceTransfers.Transfer {
  return {
    id: String(row.id),
    applicationId: String(row.applicationId),
    kind: row.kind,
    label: row.label,
    directory: `/${row.directory}`,
    fileCount: row.items.length,
    bytesDone: row.bytesDone,
    bytesTotal: row.bytesTotal,
    state: row.state,
    failure: row.failure ? translate(locale, row.failure.key, row.failure.params) : null,
    createTime: row.createdAt.toISOString(),
    finishTime: row.finishedAt?.toISOString() ?? null,
  };
}

/**
 * Copies onto an application's data disk (docs/decisions/0027): the one way the model center and the cloud space put
 * files into an application. `startCopy` records the copy in the caller's transaction; the runner
 * (transfers.runner.ts) does it outside any transaction once it has committed (`copyPending`).
 */
export function transfersService({ db, clock, copyPending }: { db: Db; clock: Clock; copyPending: () => void }) {
  return {
    /**
     * Records a copy of `items` into `directory` of the caller's running application, queued. Refuses (400 naming
     * the field) without an application or a valid path, 404 for an application that is not the caller's, 409 for
     * one that is not running. The caller calls `copyPending()` once its transaction has committed.
     */
    async startCopy(tx: Tx, input: StartCopy): Promise<TransferRow> {
      if (!input.applicationId || !/^\d{1,18}$/.test(input.applicationId)) {
        throw refused('transfers.applicationRequired', 'applicationId');
      }
      const problem = workspacePathProblem(input.directory ?? '');
      if (problem) {
        throw refused(problem === 'required' ? 'transfers.pathRequired' : 'transfers.pathInvalid', 'path');
      }
      const folder = workspaceFolder(input.directory!);
      const items = input.items.map((item) => {
        const path = placed(folder, item.path);
        if (path === null) {
          throw refused('transfers.pathInvalid', 'path');
        }
        return { ...item, path };
      });
      if (items.length === 0) {
        throw new AppError('businessRule', { messageKey: 'transfers.noFiles' });
      }
      const application = await applications.lockOwnApplication(tx, input.userId, BigInt(input.applicationId));
      if (!application || application.desiredState === 'destroyed') {
        throw new AppError('notFound', {
          messageKey: 'transfers.applicationNotFound',
          params: { id: input.applicationId },
          field: 'applicationId',
        });
      }
      if (application.status !== 'running' || application.desiredState !== 'running') {
        throw new AppError('conflict', { messageKey: 'transfers.applicationNotRunning', field: 'applicationId' });
      }
      return queries.insertTransfer(tx, {
        userId: input.userId,
        applicationId: application.id,
        kind: input.kind,
        label: input.label,
        directory: folder,
        items,
        bytesTotal: items.reduce((sum, item) => sum + item.size, 0),
        state: 'queued',
        createdAt: clock.now(),
      });
    },

    /** Has the runner take the copies just committed at once, rather than at the next minute. */
    copyPending,

    async listTransfers(userId: UserId, locale: Locale, query: PageQuery & { applicationId?: string | undefined }) {
      const applicationId = query.applicationId === undefined ? undefined : BigInt(query.applicationId);
      const { rows, total } = await paged(query, {
        rows: (page) => queries.listOwnTransfers(db, { userId, applicationId, page }),
        total: () => queries.countOwnTransfers(db, userId, applicationId),
      });
      return { rows: rows.map((row) => transferView(locale, row)), total };
    },

    async getTransfer(userId: UserId, locale: Locale, id: string) {
      const row = await queries.findOwnTransfer(db, userId, BigInt(id));
      if (!row) {
        throw new AppError('notFound', { messageKey: 'transfers.notFound', params: { id }, field: 'id' });
      }
      return transferView(locale, row);
    },
  };
}

export type TransfersService = ReturnType<typeof transfersService>;
