import {
  BILLING,
  formatMoney,
  hasMessage,
  money,
  TIMING,
  translate,
  type applications,
  type EndpointInput,
  type Locale,
  type Money,
  type PageQuery,
} from '@suanli/contract';
import type { Db, Tx } from '../../db/client.js';
import type { UserId } from '../../db/ids.js';
import { pageWindow } from '../../db/paging.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../http/app-error.js';
import { recordEvent } from '../../events/index.js';
import type { Clock } from '../../jobs/clock.js';
import type { CatalogueService } from '../catalogue/index.js';
import type { InventoryService } from '../inventory/index.js';
import type { UsersService } from '../users/index.js';
import type { WalletService } from '../wallet/index.js';
import * as queries from './applications.queries.js';
import type { ApplicationRow, Status } from './applications.tables.js';
import { fundsToRun, type Billing } from './billing.js';
import { defaultAppName } from './default-app-name.js';
import { destroyed, lockOwn, notFound } from './own-application.js';
import { prepaidRefund } from './prepaid-refund.js';

type CreateBody = EndpointInput<typeof applications.createApplication>['body'];

const DAY_MS = 86_400_000;
const DELETION_DAYS = TIMING.stoppedApplicationDeletionDays;

export interface ApplicationsDependencies {
  db: Db;
  clock: Clock;
  users: Pick<UsersService, 'findRealNameVerifiedAt'>;
  catalogue: Pick<CatalogueService, 'rentable' | 'userImages'>;
  inventory: InventoryService;
  wallet: Pick<WalletService, 'charge' | 'newOrderNo' | 'spendable' | 'refund'>;
  billing: Billing;
  /** Called after a change of desired state commits: the reconciler acts on it at once rather than at its next sweep. */
  changed: (applicationId: bigint) => void;
  /** Asks the driver, before a stop or destroy, whether a running application still runs (reconciler.confirm). */
  confirm: (applicationId: bigint) => Promise<void>;
}

const refused = (messageKey: string, field?: string) =>
  new AppError('businessRule', { messageKey, ...(field ? { field } : {}) });

/** Refused unless balance and usable vouchers pay the first minutes of a pay-as-you-go run (spec §9). */
async function mustFundRun(
  wallet: Pick<WalletService, 'spendable'>,
  executor: Db,
  owner: { userId: UserId; hourly: Money; billedMinutes: number },
) {
  const needed = fundsToRun(owner.hourly, owner.billedMinutes, BILLING.fundedMinutesToRun);
  if ((await wallet.spendable(executor, owner.userId, 'appOrder')) < needed) {
    throw new AppError('businessRule', {
      messageKey: 'applications.insufficientFunds',
      params: { amount: formatMoney(needed), minutes: BILLING.fundedMinutesToRun },
      // As the wallet's own refusal does: the console answers it with a way to recharge.
      field: 'amount',
    });
  }
}

/**
 * Starts `work` now and answers it when asked: a failure surfaces at `result()`, after the checks that come before it,
 * and is not reported as unhandled when an earlier check throws first.
 */
function deferred<T>(work: () => Promise<T>) {
  const running = work();
  running.catch(() => undefined);
  return { result: () => running };
}

/** Statuses in which the application's process runs or is being brought up: it holds GPUs and can be stopped. */
const ACTIVE: readonly Status[] = ['creating', 'starting', 'running', 'restarting'];

/** A driver's reason is its own words, or a message key for a cause the user reads in their language. */
const reasonText = (reason: string | null, locale: Locale) =>
  reason !== null && hasMessage(reason) ? translate(locale, reason) : reason;

export function rowView(row: queries.ListedApplication, regionName: string, locale: Locale) {
  return {
    id: String(row.id),
    appName: row.appName,
    status: row.status,
    statusReason: reasonText(row.statusReason, locale),
    imageId: String(row.imageId),
    imageName: row.imageName,
    gpuModel: row.gpuModel,
    gpuCount: row.gpuCount,
    regionName,
    billingMode: row.billingMode,
    dataDiskGb: row.dataDiskGb,
    pinned: row.pinnedAt !== null,
    createTime: row.createdAt.toISOString(),
    expireTime: row.expiresAt?.toISOString() ?? null,
    timedStopTime: row.timedStopAt?.toISOString() ?? null,
    orderNo: row.orderNo,
    cost: formatMoney(row.spentUnits),
    billedMinutes: row.billedMinutes,
    hourlyPrice: row.hourlyPriceUnits === null ? null : formatMoney(row.hourlyPriceUnits),
    deleteTime:
      row.status === 'stopped' && row.stoppedAt
        ? new Date(row.stoppedAt.getTime() + DELETION_DAYS * DAY_MS).toISOString()
        : null,
  };
}

/**
 * Renting and managing GPU applications (spec §1, §4; ARCHITECTURE §5): the API writes the desired state, in a
 * transaction that also takes or frees what it implies (GPUs, a prepaid charge); the reconciler brings the observed
 * status to it through the compute driver.
 */
export function applicationsService(dependencies: ApplicationsDependencies) {
  const { db, clock, users, catalogue, inventory, wallet, changed } = dependencies;
  const { pricing, scheduler } = inventory;
  const bills = dependencies.billing;

  async function change(userId: UserId, id: string, act: (tx: Tx, row: ApplicationRow) => Promise<ApplicationRow>) {
    const row = await inTransaction(db, async (tx) => act(tx, await lockOwn(tx, userId, id)));
    changed(row.id);
    return { id: String(row.id), status: row.status };
  }

  async function regionNames(locale: Locale) {
    const regions = await inventory.regionNames(db);
    return (regionId: string) => {
      const region = regions.get(regionId);
      return region ? (locale === 'en-US' ? region.nameEn : region.nameZh) : regionId;
    };
  }

  return {
    async create(userId: UserId, body: CreateBody) {
      const periods = body.billingMode === 'minute' ? 1 : body.duration;
      // Everything the acceptance needs that does not need its locks is read at once and before it, so that the
      // transaction holds its connection (and the GPUs it locks) for as few round trips as possible. The price reads
      // the VIP grade on another connection; per minute, the hour's price is fixed for the application's life. The
      // id is taken first as well: a sequence is not transactional, so a refusal leaves the same gap either way.
      const priced = deferred(async () => {
        const model = await pricing.modelOf(body.gpuModel);
        const rental = { mode: body.billingMode, periods, gpuCount: body.gpuCount };
        return { model, price: await pricing.priceFor(userId, model, rental) };
      });
      const [verifiedAt, image, id, saved] = await Promise.all([
        users.findRealNameVerifiedAt(db, userId),
        catalogue.rentable(BigInt(body.imageId)),
        queries.nextApplicationId(db),
        body.userImageId === undefined ? null : catalogue.userImages.usable(userId, body.userImageId),
      ]);
      if (verifiedAt === null) {
        throw refused('applications.realNameRequired');
      }
      if (!image?.offered) {
        throw new AppError('notFound', {
          messageKey: 'applications.imageNotFound',
          params: { id: body.imageId },
          field: 'imageId',
        });
      }
      if (saved && saved.baseImageId !== image.id) {
        throw new AppError('businessRule', {
          messageKey: 'images.baseMismatch',
          params: { id: body.userImageId },
          field: 'userImageId',
        });
      }
      const { model, price } = await priced.result();
      if (model.memoryGb < image.minGpuMemoryGb) {
        throw new AppError('businessRule', {
          messageKey: 'applications.imageTooSmall',
          params: { gpuModel: model.model, memoryGb: image.minGpuMemoryGb },
          field: 'gpuModel',
        });
      }
      const prepaid = body.billingMode === 'minute' ? null : price;
      if (prepaid === null) {
        await mustFundRun(wallet, db, { userId, hourly: price, billedMinutes: 0 });
      }

      const row = await inTransaction(db, async (tx) => {
        const now = clock.now();
        const allocation = await scheduler.allocateGpus(tx, {
          applicationId: id,
          gpuModel: model.model,
          gpuCount: body.gpuCount,
          regionId: body.regionId,
        });
        if (!allocation.allocated) {
          throw new AppError('conflict', { messageKey: 'applications.soldOut', field: 'gpuModel' });
        }
        const inserted = await queries.insertApplication(tx, {
          id,
          userId,
          appName: body.appName ?? defaultAppName(image.name, model.model),
          imageId: image.id,
          imageName: image.name,
          gpuModel: model.model,
          gpuCount: body.gpuCount,
          regionId: allocation.regionId,
          hostId: allocation.hostId,
          billingMode: body.billingMode,
          dataDiskGb: body.dataDiskGb,
          desiredState: 'running',
          status: 'creating',
          createdAt: now,
          orderNo: await wallet.newOrderNo(tx, 'A', now),
          hourlyPriceUnits: prepaid === null ? price : null,
          spentUnits: prepaid ?? money(0n),
          expiresAt: pricing.periodEnd(body.billingMode, periods, now),
          termStartedAt: prepaid === null ? null : now,
          termPaidUnits: prepaid ?? money(0n),
          // A saved image's disk, or the one a community image published from a saved image carries.
          restoreFrom: saved?.archiveKey ?? image.archiveKey,
        });
        if (prepaid !== null) {
          // A refusal (insufficient balance) rolls back the whole acceptance, GPUs included.
          await wallet.charge(tx, { userId, amount: prepaid, transactionType: 'appOrder', orderNo: inserted.orderNo });
        }
        await recordEvent(tx, {
          type: 'application.created',
          subject: `user:${userId}`,
          payload: {
            userId: String(userId),
            applicationId: String(inserted.id),
            appName: inserted.appName,
            imageId: String(inserted.imageId),
          },
          at: now,
        });
        return inserted;
      });
      changed(row.id);
      return { id: String(row.id), status: row.status };
    },

    async list(userId: UserId, locale: Locale, query: PageQuery & { status?: Status | undefined }) {
      const [rows, regionName] = await Promise.all([
        queries.listApplicationRows(db, userId, { status: query.status, page: pageWindow(query) }),
        regionNames(locale),
      ]);
      const total = rows[0]?.total ?? (await queries.countApplications(db, userId, query.status));
      return { rows: rows.map((row) => rowView(row, regionName(row.regionId), locale)), total };
    },

    async get(userId: UserId, locale: Locale, id: string) {
      const [row, regionName] = await Promise.all([
        queries.findOwnApplication(db, userId, BigInt(id)),
        regionNames(locale),
      ]);
      if (!row) {
        throw notFound(id);
      }
      return rowView(row, regionName(row.regionId), locale);
    },

    async status(userId: UserId, locale: Locale, id: string) {
      const row = await queries.findOwnApplication(db, userId, BigInt(id));
      if (!row) {
        throw notFound(id);
      }
      return { id, status: row.status, statusReason: reasonText(row.statusReason, locale) };
    },

    async summary(userId: UserId) {
      const now = clock.now().getTime();
      return queries.summarise(db, userId, {
        stoppedBefore: new Date(now - (DELETION_DAYS - 1) * DAY_MS),
        expiresBefore: new Date(now + DAY_MS),
      });
    },

    /** Stops it: billing ends now; the reconciler ends its process and then frees its GPUs. */
    async stop(userId: UserId, id: string) {
      await dependencies.confirm(BigInt(id));
      return change(userId, id, async (tx, row) => {
        if (row.status !== 'abnormal' && (!ACTIVE.includes(row.status) || row.desiredState !== 'running')) {
          throw refused('applications.notRunning');
        }
        return bills.stopNow(tx, row, { now: clock.now() });
      });
    },

    /**
     * Starts a stopped application again on its own host, where its data disk is: GPUs must be free there, a prepaid
     * term must not have ended, and pay-as-you-go needs the funds for its first minutes.
     */
    restart: (userId: UserId, id: string) =>
      change(userId, id, async (tx, row) => {
        if (row.status !== 'stopped' && row.status !== 'abnormal') {
          throw refused('applications.notStopped');
        }
        if (row.billingMode !== 'minute' && (!row.expiresAt || row.expiresAt <= clock.now())) {
          throw refused('applications.termEnded');
        }
        if (row.hourlyPriceUnits !== null) {
          await mustFundRun(wallet, tx, { userId, hourly: row.hourlyPriceUnits, billedMinutes: row.billedMinutes });
        }
        const allocation = await scheduler.allocateGpus(tx, {
          applicationId: row.id,
          gpuModel: row.gpuModel,
          gpuCount: row.gpuCount,
          hostId: row.hostId,
        });
        if (!allocation.allocated) {
          throw refused('applications.noIdleGpu');
        }
        const restarted = await queries.transition(tx, row, {
          desiredState: 'running',
          status: 'restarting',
          statusReason: null,
          stoppedAt: null,
        });
        return restarted ?? Promise.reject(destroyed());
      }),

    /**
     * Destroys it and its disks, for good: the minutes it ran are billed, a prepaid term not over is refunded pro rata
     * less the fee, and the reconciler removes the workload and frees its GPUs.
     */
    async destroy(userId: UserId, id: string) {
      await dependencies.confirm(BigInt(id));
      return change(userId, id, async (tx, row) => {
        const now = clock.now();
        const billed =
          ACTIVE.includes(row.status) && row.desiredState === 'running' ? await bills.stopNow(tx, row, { now }) : row;
        const refund = prepaidRefund(billed, now, {
          hostOutOfService: await scheduler.hostOutOfService(tx, row.hostId),
        });
        if (refund) {
          await wallet.refund(tx, { userId, orderNo: row.orderNo, ...refund });
        }
        const refunded = refund ? money(refund.amount - refund.fee) : money(0n);
        // What it cost in all is what its order's lines add up to: the charges less the refund net of its fee.
        const gone = await queries.transition(tx, billed, {
          desiredState: 'destroyed',
          timedStopAt: null,
          refundedUnits: refunded,
          spentUnits: money(billed.spentUnits - refunded),
        });
        return gone ?? Promise.reject(destroyed());
      });
    },

    /** What destroying it now would give back (the confirm dialog says it, or that nothing comes back). */
    async destroyQuote(userId: UserId, id: string) {
      const row = await queries.findOwnApplication(db, userId, BigInt(id));
      if (!row) {
        throw notFound(id);
      }
      const refund = prepaidRefund(row, clock.now(), {
        hostOutOfService: await scheduler.hostOutOfService(db, row.hostId),
      });
      const zero = money(0n);
      return {
        id,
        amount: formatMoney(refund?.amount ?? zero),
        fee: formatMoney(refund?.fee ?? zero),
        refund: formatMoney(refund ? money(refund.amount - refund.fee) : zero),
      };
    },

    async rename(userId: UserId, body: { id: string; appName: string }) {
      await inTransaction(db, async (tx) => {
        const row = await lockOwn(tx, userId, body.id);
        await queries.updateApplication(tx, row.id, { appName: body.appName });
      });
      return { id: body.id, appName: body.appName };
    },

    /**
     * Saves the caller's application (not destroyed) as an image: the row opens in state uploading in the transaction
     * that locks the application, and the snapshot job archives its data disk (images.snapshot, outside any
     * transaction).
     */
    async saveAsImage(userId: UserId, body: { applicationId: string; name: string; remark: string }) {
      return inTransaction(db, async (tx) => {
        const row = await queries.lockOwnApplication(tx, userId, BigInt(body.applicationId));
        if (!row) {
          throw new AppError('notFound', {
            messageKey: 'applications.notFound',
            params: { id: body.applicationId },
            field: 'applicationId',
          });
        }
        if (row.desiredState === 'destroyed') {
          throw new AppError('conflict', { messageKey: 'images.applicationDestroyed', field: 'applicationId' });
        }
        return catalogue.userImages.beginSave(tx, {
          ownerId: userId,
          applicationId: row.id,
          baseImageId: row.imageId,
          name: body.name,
          remark: body.remark,
        });
      });
    },

    async pin(userId: UserId, id: string, pinned: boolean) {
      await inTransaction(db, async (tx) => {
        const row = await lockOwn(tx, userId, id);
        await queries.updateApplication(tx, row.id, { pinnedAt: pinned ? clock.now() : null });
      });
      return { id, pinned };
    },
  };
}

export type ApplicationsService = ReturnType<typeof applicationsService>;
