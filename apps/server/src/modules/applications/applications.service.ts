import {
  formatMoney,
  hasMessage,
  money,
  TIMING,
  translate,
  type applications,
  type EndpointInput,
  type Locale,
  type PageQuery,
} from '@suanli/contract';
import type { Db, Tx } from '../../db/client.js';
import type { UserId } from '../../db/ids.js';
import { pageWindow } from '../../db/paging.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../http/app-error.js';
import type { Clock } from '../../jobs/clock.js';
import type { CatalogueService } from '../catalogue/index.js';
import type { InventoryService } from '../inventory/index.js';
import type { NoticesService } from '../notices/index.js';
import type { UsersService } from '../users/index.js';
import type { WalletService } from '../wallet/index.js';
import * as queries from './applications.queries.js';
import type { ApplicationRow, Status } from './applications.tables.js';
import type { Billing } from './billing.js';
import { defaultAppName } from './default-app-name.js';

type CreateBody = EndpointInput<typeof applications.createApplication>['body'];

const DAY_MS = 86_400_000;
const DELETION_DAYS = TIMING.stoppedApplicationDeletionDays;

export interface ApplicationsDependencies {
  db: Db;
  clock: Clock;
  users: Pick<UsersService, 'findRealNameVerifiedAt'>;
  catalogue: Pick<CatalogueService, 'rentable'>;
  inventory: InventoryService;
  wallet: Pick<WalletService, 'charge' | 'newOrderNo'>;
  notices: Pick<NoticesService, 'notifyUser'>;
  billing: Billing;
  /** Called after a change of desired state commits: the reconciler acts on it at once rather than at its next sweep. */
  changed: (applicationId: bigint) => void;
}

const notFound = (id: bigint | string) =>
  new AppError('notFound', { messageKey: 'applications.notFound', params: { id: String(id) }, field: 'id' });

const refused = (messageKey: string, field?: string) =>
  new AppError('businessRule', { messageKey, ...(field ? { field } : {}) });

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

  /** Locks the caller's application, or answers 404: another user's application does not exist for them. */
  async function lockOwn(tx: Tx, userId: UserId, id: string) {
    const row = await queries.lockOwnApplication(tx, userId, BigInt(id));
    if (!row) {
      throw notFound(id);
    }
    return row;
  }

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
        const model = pricing.modelOf(body.gpuModel);
        const rental = { mode: body.billingMode, periods, gpuCount: body.gpuCount };
        return { model, price: await pricing.priceFor(userId, model, rental) };
      });
      const [verifiedAt, image, id] = await Promise.all([
        users.findRealNameVerifiedAt(db, userId),
        catalogue.rentable(BigInt(body.imageId)),
        queries.nextApplicationId(db),
      ]);
      if (verifiedAt === null) {
        throw refused('applications.realNameRequired');
      }
      if (!image) {
        throw new AppError('notFound', {
          messageKey: 'applications.imageNotFound',
          params: { id: body.imageId },
          field: 'imageId',
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

      const row = await inTransaction(db, async (tx) => {
        const now = clock.now();
        const allocation = await scheduler.allocateGpus(tx, {
          applicationId: id,
          gpuModel: model.model,
          gpuCount: body.gpuCount,
          regionId: body.regionId,
        });
        if (!allocation.allocated) {
          throw refused('applications.soldOut', 'gpuModel');
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
          orderNo: wallet.newOrderNo('A', now),
          hourlyPriceUnits: prepaid === null ? price : null,
          spentUnits: prepaid ?? money(0n),
          expiresAt: pricing.periodEnd(body.billingMode, periods, now),
        });
        if (prepaid !== null) {
          // A refusal (insufficient balance) rolls back the whole acceptance, GPUs included.
          await wallet.charge(tx, { userId, amount: prepaid, transactionType: 'appOrder', orderNo: inserted.orderNo });
        }
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
    stop: (userId: UserId, id: string) =>
      change(userId, id, async (tx, row) => {
        if (row.status !== 'abnormal' && (!ACTIVE.includes(row.status) || row.desiredState !== 'running')) {
          throw refused('applications.notRunning');
        }
        return bills.stopNow(tx, row, { now: clock.now() });
      }),

    /** Starts a stopped application again on its own host, where its data disk is: GPUs must be free there. */
    restart: (userId: UserId, id: string) =>
      change(userId, id, async (tx, row) => {
        if (row.status !== 'stopped' && row.status !== 'abnormal') {
          throw refused('applications.notStopped');
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
        return queries.updateApplication(tx, row.id, {
          desiredState: 'running',
          status: 'restarting',
          statusReason: null,
          stoppedAt: null,
        });
      }),

    /** Destroys it and its disks; the reconciler removes the workload and frees its GPUs. */
    destroy: (userId: UserId, id: string) =>
      change(userId, id, async (tx, row) =>
        queries.updateApplication(tx, row.id, {
          desiredState: 'destroyed',
          status: ACTIVE.includes(row.status) ? 'stopping' : row.status,
          runningSince: null,
          timedStopAt: null,
        }),
      ),

    async rename(userId: UserId, body: { id: string; appName: string }) {
      await inTransaction(db, async (tx) => {
        const row = await lockOwn(tx, userId, body.id);
        await queries.updateApplication(tx, row.id, { appName: body.appName });
      });
      return { id: body.id, appName: body.appName };
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
