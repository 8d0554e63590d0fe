import { formatMoney, money, TIMING, type InvoiceStatus, type Money, type PageQuery } from '@suanli/contract';
import type { Db, Tx } from '../../db/client.js';
import type { UserId } from '../../db/ids.js';
import { paged } from '../../db/paging.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../http/app-error.js';
import type { Clock } from '../../jobs/clock.js';
import type { ObjectStore } from '../../providers/object-store/index.js';
import type { WalletService } from '../wallet/index.js';
import { applicationView } from './invoice-view.js';
import {
  applicationsPage,
  changeApplication,
  findApplication,
  findInformation,
  heldAmounts,
  insertApplication,
  insertInformation,
  lockInformation,
  UNDER_REVIEW,
  updateInformation,
} from './invoices.queries.js';
import type { InvoiceDetails } from './invoices.tables.js';

// Long enough to start a download, short enough that a link copied out of the page soon stops working.
const FILE_LINK_SECONDS = 5 * 60;

interface InvoicesDependencies {
  db: Db;
  clock: Clock;
  store: ObjectStore;
  wallet: Pick<WalletService, 'rechargedTotal'>;
}

interface ApplicationInput {
  amount: Money;
  remark?: string | undefined;
}

/** What the owner may change or revoke, and what they are told when an application is not any more. */
const UNDER_REVIEW_ONLY = { from: UNDER_REVIEW, refusal: 'invoices.notUnderReview' };

const notFound = () => new AppError('notFound', { messageKey: 'invoices.applicationNotFound', field: 'id' });

/**
 * Invoice information and applications (decision 0029). What may be invoiced is what the user recharged through the
 * payment channels (the wallet's ledger) less what their applications under review or completed hold; a revoked or
 * rejected application holds nothing.
 */
export function invoicesService({ db, clock, store, wallet }: InvoicesDependencies) {
  async function amounts(executor: Db, userId: UserId) {
    const [recharged, held] = await Promise.all([
      wallet.rechargedTotal(executor, userId),
      heldAmounts(executor, userId),
    ]);
    const invoiceable = money(recharged - held.pending - held.invoiced);
    return { recharged, ...held, invoiceable: invoiceable > 0n ? invoiceable : money(0n) };
  }

  /**
   * Takes the user's lock (their invoice information's row), which every change of what they applied for takes first,
   * so that their applications are weighed against the amount one at a time. Answers the information an application
   * is made out to; there is none to lock before the user has filled it in, and then nothing to apply for.
   */
  async function lockUser(tx: Tx, userId: UserId) {
    const details = await lockInformation(tx, userId);
    if (!details) {
      throw new AppError('businessRule', { messageKey: 'invoices.informationRequired', field: 'title' });
    }
    return details;
  }

  /** Under the user's lock: refuses an amount above what is invoiceable, counting `returning` (held by the application being changed) as free. */
  async function mustFit(
    tx: Tx,
    userId: UserId,
    { amount, returning = money(0n) }: { amount: Money; returning?: Money },
  ) {
    const available = money((await amounts(tx, userId)).invoiceable + returning);
    if (amount > available) {
      throw new AppError('businessRule', {
        messageKey: 'invoices.amountAboveInvoiceable',
        params: { invoiceable: formatMoney(available) },
        field: 'amount',
      });
    }
  }

  /**
   * Changes an application in one of `from` under the user's lock, read after the lock so that what it holds is
   * current; 404 when it is not theirs, 409 when it is not in `from` (compare-and-set: an operator may decide it
   * meanwhile, without the user's lock).
   */
  async function change(
    userId: UserId,
    { id, from, refusal }: { id: bigint; from: readonly InvoiceStatus[]; refusal: string },
    apply: (
      tx: Tx,
      current: { amount: Money; information: InvoiceDetails },
    ) => Promise<Parameters<typeof changeApplication>[2]['set']>,
  ) {
    return inTransaction(db, async (tx) => {
      const details = await lockUser(tx, userId);
      const current = await findApplication(tx, userId, id);
      if (!current) {
        throw notFound();
      }
      const conflict = new AppError('conflict', { messageKey: refusal, field: 'id' });
      if (!from.includes(current.status)) {
        throw conflict;
      }
      const set = await apply(tx, { amount: current.amount, information: details });
      const changed = await changeApplication(tx, userId, { id, from, set: { ...set, updatedAt: clock.now() } });
      if (!changed) {
        throw conflict;
      }
      return applicationView(changed);
    });
  }

  return {
    getInformation: (userId: UserId) => findInformation(db, userId),

    async createInformation(userId: UserId, details: InvoiceDetails) {
      const saved = await insertInformation(db, userId, { details, at: clock.now() });
      if (!saved) {
        throw new AppError('conflict', { messageKey: 'invoices.informationExists' });
      }
      return saved;
    },

    async updateInformation(userId: UserId, details: InvoiceDetails) {
      const saved = await updateInformation(db, userId, { details, at: clock.now() });
      if (!saved) {
        throw new AppError('notFound', { messageKey: 'invoices.informationNotFound' });
      }
      return saved;
    },

    async getAmounts(userId: UserId) {
      const { recharged, pending, invoiced, invoiceable } = await amounts(db, userId);
      return {
        invoiceable: formatMoney(invoiceable),
        recharged: formatMoney(recharged),
        pending: formatMoney(pending),
        invoiced: formatMoney(invoiced),
        deliveryWorkingDays: TIMING.invoiceDeliveryWorkingDays,
      };
    },

    async list(userId: UserId, query: PageQuery & { status?: InvoiceStatus | undefined }) {
      const page = await paged(query, applicationsPage(db, userId, query.status));
      return { total: page.total, rows: page.rows.map(applicationView) };
    },

    apply(userId: UserId, { amount, remark = '' }: ApplicationInput) {
      return inTransaction(db, async (tx) => {
        const details = await lockUser(tx, userId);
        await mustFit(tx, userId, { amount });
        return applicationView(await insertApplication(tx, userId, { amount, remark, details, at: clock.now() }));
      });
    },

    /** A change under review re-takes the invoice information too: the user may have corrected it meanwhile. */
    edit: (userId: UserId, id: bigint, { amount, remark = '' }: ApplicationInput) =>
      change(userId, { id, ...UNDER_REVIEW_ONLY }, async (tx, current) => {
        await mustFit(tx, userId, { amount, returning: current.amount });
        return { amount, remark, status: 'modified', details: current.information };
      }),

    resubmit: (userId: UserId, id: bigint, { amount, remark = '' }: ApplicationInput) =>
      change(userId, { id, from: ['rejected'], refusal: 'invoices.notRejected' }, async (tx, current) => {
        await mustFit(tx, userId, { amount });
        return { amount, remark, status: 'submitted', rejectionNote: null, details: current.information };
      }),

    revoke: (userId: UserId, id: bigint) =>
      change(userId, { id, ...UNDER_REVIEW_ONLY }, async () => ({ status: 'revoked' })),

    /** A download of a completed application's invoice, saved under the name the operator gave it. */
    async fileLink(userId: UserId, id: bigint) {
      const application = await findApplication(db, userId, id);
      if (!application) {
        throw notFound();
      }
      if (!application.fileKey) {
        throw new AppError('conflict', { messageKey: 'invoices.noFile', field: 'id' });
      }
      const link = await store.presignGet(application.fileKey, FILE_LINK_SECONDS, {
        fileName: application.fileName ?? 'invoice.pdf',
      });
      return { url: link.url, expiresAt: link.expiresAt.toISOString() };
    },
  };
}

export type InvoicesService = ReturnType<typeof invoicesService>;
