import {
  formatMoney,
  parseMoney,
  type EndpointInput,
  type fleet as contract,
  type Locale,
  type Money,
} from '@suanli/contract';
import type { Db } from '../../db/client.js';
import { paged } from '../../db/paging.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../http/app-error.js';
import type { Audit } from '../../http/operator-audit.js';
import * as queries from './fleet.admin.queries.js';
import type { GpuModel } from './fleet.js';
import type { HostState } from './inventory.tables.js';
import type { UsersService } from '../users/index.js';
import type { PricingService } from './pricing.service.js';

type HostQuery = EndpointInput<typeof contract.listFleetHosts>['query'];
type NewHost = EndpointInput<typeof contract.addFleetHost>['body'];
type NewModel = EndpointInput<typeof contract.addFleetGpuModel>['body'];
type PriceChange = EndpointInput<typeof contract.setFleetGpuPrice>['body'];

const units = (text: string): Money => parseMoney(text, 2)!;
const yuan = (amount: Money | null) => (amount === null ? null : formatMoney(amount));

const gpuView = (gpu: queries.GpuRow) => ({
  id: String(gpu.id),
  gpuIndex: gpu.gpuIndex,
  model: gpu.model,
  broken: gpu.broken,
  applicationId: gpu.applicationId === null ? null : String(gpu.applicationId),
  version: gpu.version,
});

function hostView(host: queries.HostRow, gpus: queries.GpuRow[], locale: Locale) {
  const broken = gpus.filter((gpu) => gpu.broken || host.state === 'broken').length;
  const busy = gpus.filter((gpu) => gpu.applicationId !== null).length;
  const free = gpus.filter((gpu) => gpu.applicationId === null && !gpu.broken && host.state === 'active').length;
  return {
    id: String(host.id),
    name: host.name,
    regionId: host.regionId,
    regionName: locale === 'en-US' ? host.nameEn : host.nameZh,
    state: host.state,
    simulated: host.simulated,
    managedBy: host.managedBy,
    version: host.version,
    counts: { total: gpus.length, free, busy, broken },
    gpus: gpus.map(gpuView),
  };
}

const vipView = (row: { grade: number; growthThreshold: number; discountBasisPoints: number }) => ({
  grade: row.grade,
  growthThreshold: row.growthThreshold,
  basisPoints: row.discountBasisPoints,
});

/** What the audit keeps of a host: its state and version, and which GPUs are held or broken. */
const hostAudit = (host: queries.HostRow) => ({ state: host.state, version: host.version, managedBy: host.managedBy });

/**
 * Operators' fleet and prices (issue 23, decision 0037). Every change is compare-and-set on the version the operator
 * read, with its audit row, in one transaction: of two operators changing one row at once, one wins and the other
 * gets a 409. Prices are read by quotes and rentals from the same rows, so a change applies to the next one.
 */
export function fleetAdminService({
  db,
  pricing,
  users,
}: {
  db: Db;
  pricing: PricingService;
  users: Pick<UsersService, 'vipGrades' | 'setVipDiscount'>;
}) {
  async function hostWithGpus(executor: Db, id: bigint, locale: Locale) {
    const host = await queries.findHost(executor, id);
    if (!host) {
      throw new AppError('notFound', { messageKey: 'fleet.hostNotFound', params: { id: String(id) }, field: 'id' });
    }
    return hostView(host, await queries.listGpusOf(executor, [id]), locale);
  }

  async function modelView(executor: Db, name: string) {
    const [rows, prices] = await Promise.all([queries.listModelRows(executor), pricing.book(executor)]);
    return modelRowViews(rows, prices).find((row) => row.gpuModel === name)!;
  }

  function modelRowViews(rows: queries.ModelRow[], prices: Awaited<ReturnType<PricingService['book']>>) {
    return rows.map((row) => {
      const model: GpuModel = { model: row.model, memoryGb: row.memoryGb, hourlyPrice: row.hourlyPrice };
      return {
        gpuModel: row.model,
        memoryGb: row.memoryGb,
        hourlyPrice: formatMoney(row.hourlyPrice),
        educationHourlyPrice: yuan(row.educationHourlyPrice),
        prices: pricing.listPrices(prices, model),
        managedBy: row.managedBy,
        version: row.version,
      };
    });
  }

  const changed = (messageKey: string, params: Record<string, string>) =>
    new AppError('conflict', { messageKey, params, field: 'version' });

  return {
    /** GPUs per model and region by state, read on the caller's executor (the dashboard's sample job: its tx). */
    gpuStates: (executor: Db) => queries.countByModelAndRegion(executor),

    listRegions: async () =>
      (await queries.countByRegion(db)).map(({ id, nameZh, nameEn, managedBy, version, hosts, ...gpus }) => ({
        id,
        nameZh,
        nameEn,
        managedBy,
        version,
        hosts,
        gpus,
      })),

    addRegion(audit: Audit, { id, nameZh, nameEn }: { id: string; nameZh: string; nameEn: string }) {
      return inTransaction(db, async (tx) => {
        const row = await queries.insertRegion(tx, { id, nameZh, nameEn });
        if (!row) {
          throw new AppError('conflict', { messageKey: 'fleet.regionExists', params: { id }, field: 'id' });
        }
        await audit(tx, { action: 'inventory.addRegion', target: `region:${row.id}`, before: null, after: row });
        return row;
      });
    },

    renameRegion(audit: Audit, id: string, change: { nameZh: string; nameEn: string; version: number }) {
      return inTransaction(db, async (tx) => {
        const before = await queries.findRegion(tx, id);
        if (!before) {
          throw new AppError('notFound', { messageKey: 'fleet.unknownRegion', params: { id }, field: 'id' });
        }
        const after = await queries.renameRegion(
          tx,
          { id, version: change.version },
          { nameZh: change.nameZh, nameEn: change.nameEn },
        );
        if (!after) {
          throw changed('fleet.regionChanged', { id });
        }
        await audit(tx, { action: 'inventory.renameRegion', target: `region:${id}`, before, after });
        return after;
      });
    },

    async listHosts(query: HostQuery, locale: Locale) {
      const filter = { regionId: query.regionId, gpuModel: query.gpuModel, state: query.state };
      const page = await paged(query, {
        rows: (window) => queries.listHostPage(db, filter, window),
        total: () => queries.countHosts(db, filter),
      });
      const gpus =
        page.rows.length === 0
          ? []
          : await queries.listGpusOf(
              db,
              page.rows.map((host) => host.id),
            );
      return {
        rows: page.rows.map((host) =>
          hostView(
            host,
            gpus.filter((gpu) => gpu.hostId === host.id),
            locale,
          ),
        ),
        total: page.total,
      };
    },

    async addHost(audit: Audit, body: NewHost, locale: Locale) {
      return inTransaction(db, async (tx) => {
        if (!(await queries.regionExists(tx, body.regionId))) {
          throw new AppError('notFound', {
            messageKey: 'fleet.unknownRegion',
            params: { id: body.regionId },
            field: 'regionId',
          });
        }
        const model = await queries.findModel(tx, body.gpuModel);
        if (!model) {
          throw new AppError('notFound', {
            messageKey: 'fleet.unknownGpuModel',
            params: { gpuModel: body.gpuModel },
            field: 'gpuModel',
          });
        }
        const id = await queries.insertHost(tx, { ...body, model: model.model });
        if (id === null) {
          throw new AppError('conflict', {
            messageKey: 'fleet.hostExists',
            params: { name: body.name },
            field: 'name',
          });
        }
        const host = await hostWithGpus(tx, id, locale);
        await audit(tx, {
          action: 'inventory.addHost',
          target: `host:${id}`,
          before: null,
          after: { name: host.name, regionId: host.regionId, gpuModel: model.model, gpuCount: body.gpuCount },
        });
        return host;
      });
    },

    async setHostState(audit: Audit, change: { id: string; state: HostState; version: number }, locale: Locale) {
      const { id: idText, ...body } = change;
      const id = BigInt(idText);
      return inTransaction(db, async (tx) => {
        const before = await queries.findHost(tx, id);
        if (!before) {
          throw new AppError('notFound', { messageKey: 'fleet.hostNotFound', params: { id: idText }, field: 'id' });
        }
        if (before.version === body.version && before.state === body.state) {
          throw new AppError('conflict', { messageKey: 'fleet.alreadyInState', field: 'state' });
        }
        if (
          before.version !== body.version ||
          !(await queries.setHostState(tx, { id, version: body.version }, body.state))
        ) {
          throw changed('fleet.hostChanged', { id: idText });
        }
        const after = await hostWithGpus(tx, id, locale);
        await audit(tx, {
          action: 'inventory.setHostState',
          target: `host:${id}`,
          before: hostAudit(before),
          after: {
            state: after.state,
            version: after.version,
            managedBy: after.managedBy,
            // Applications left running on it: draining lets them finish; broken keeps them until they stop.
            applications: after.gpus.flatMap((gpu) => (gpu.applicationId === null ? [] : [gpu.applicationId])),
          },
        });
        return after;
      });
    },

    async setGpuBroken(audit: Audit, idText: string, body: { broken: boolean; version: number }) {
      const id = BigInt(idText);
      return inTransaction(db, async (tx) => {
        const before = await queries.findGpu(tx, id);
        if (!before) {
          throw new AppError('notFound', { messageKey: 'fleet.gpuNotFound', params: { id: idText }, field: 'id' });
        }
        if (
          before.version !== body.version ||
          !(await queries.setGpuBroken(tx, { ...before, version: body.version }, body.broken))
        ) {
          throw changed('fleet.gpuChanged', { id: idText });
        }
        const after = (await queries.findGpu(tx, id))!;
        await audit(tx, {
          action: 'inventory.setGpuBroken',
          target: `gpu:${id}`,
          before: { broken: before.broken, version: before.version, applicationId: gpuView(before).applicationId },
          after: { broken: after.broken, version: after.version, applicationId: gpuView(after).applicationId },
        });
        return gpuView(after);
      });
    },

    async listGpuModels() {
      const [rows, discounts, prices, grades] = await Promise.all([
        queries.listModelRows(db),
        queries.listDiscountRows(db),
        pricing.book(),
        users.vipGrades(),
      ]);
      return { models: modelRowViews(rows, prices), durationDiscounts: discounts, vipDiscounts: grades.map(vipView) };
    },

    async addGpuModel(audit: Audit, body: NewModel) {
      return inTransaction(db, async (tx) => {
        const existing = await queries.findModel(tx, body.gpuModel);
        const added =
          !existing &&
          (await queries.insertModel(tx, {
            model: body.gpuModel,
            memoryGb: body.memoryGb,
            hourlyPrice: units(body.hourlyPrice),
            educationHourlyPrice: body.educationHourlyPrice === null ? null : units(body.educationHourlyPrice),
          }));
        if (!added) {
          throw new AppError('conflict', {
            messageKey: 'fleet.gpuModelExists',
            params: { gpuModel: body.gpuModel },
            field: 'gpuModel',
          });
        }
        const after = await modelView(tx, body.gpuModel);
        await audit(tx, { action: 'inventory.addGpuModel', target: `gpu-model:${body.gpuModel}`, before: null, after });
        return after;
      });
    },

    async setGpuPrice(audit: Audit, name: string, body: PriceChange) {
      return inTransaction(db, async (tx) => {
        const before = await queries.findModel(tx, name);
        if (!before) {
          throw new AppError('notFound', {
            messageKey: 'fleet.unknownGpuModel',
            params: { gpuModel: name },
            field: 'gpuModel',
          });
        }
        const prices = {
          hourlyPrice: units(body.hourlyPrice),
          educationHourlyPrice: body.educationHourlyPrice === null ? null : units(body.educationHourlyPrice),
        };
        if (
          before.version !== body.version ||
          !(await queries.setModelPrice(tx, { model: before.model, version: body.version }, prices))
        ) {
          throw changed('fleet.priceChanged', { gpuModel: before.model });
        }
        const after = await modelView(tx, before.model);
        await audit(tx, {
          action: 'inventory.setGpuPrice',
          target: `gpu-model:${before.model}`,
          before: {
            hourlyPrice: formatMoney(before.hourlyPrice),
            educationHourlyPrice: yuan(before.educationHourlyPrice),
            version: before.version,
          },
          after: {
            hourlyPrice: after.hourlyPrice,
            educationHourlyPrice: after.educationHourlyPrice,
            version: after.version,
          },
        });
        return after;
      });
    },

    async setDurationDiscount(audit: Audit, mode: queries.PrepaidMode, body: { basisPoints: number; version: number }) {
      return inTransaction(db, async (tx) => {
        const before = (await queries.findDiscount(tx, mode))!;
        if (
          before.version !== body.version ||
          !(await queries.setDiscount(tx, { mode, version: body.version }, body.basisPoints))
        ) {
          throw changed('fleet.discountChanged', {});
        }
        const after = (await queries.findDiscount(tx, mode))!;
        await audit(tx, {
          action: 'inventory.setDurationDiscount',
          target: `duration-discount:${mode}`,
          before: { basisPoints: before.basisPoints, version: before.version },
          after: { basisPoints: after.basisPoints, version: after.version },
        });
        return after;
      });
    },

    async setVipDiscount(audit: Audit, grade: number, body: { basisPoints: number; previousBasisPoints: number }) {
      return inTransaction(db, async (tx) => {
        const before = (await users.vipGrades(tx)).find((row) => row.grade === grade);
        if (!before) {
          throw new AppError('notFound', {
            messageKey: 'fleet.vipGradeNotFound',
            params: { grade },
            field: 'grade',
          });
        }
        if (!(await users.setVipDiscount(tx, { grade, from: body.previousBasisPoints }, body.basisPoints))) {
          throw new AppError('conflict', {
            messageKey: 'fleet.vipDiscountChanged',
            params: { grade },
            field: 'previousBasisPoints',
          });
        }
        const after = vipView({ ...before, discountBasisPoints: body.basisPoints });
        await audit(tx, {
          action: 'inventory.setVipDiscount',
          target: `vip-grade:${grade}`,
          before: { basisPoints: before.discountBasisPoints },
          after: { basisPoints: after.basisPoints },
        });
        return after;
      });
    },
  };
}

export type FleetAdminService = ReturnType<typeof fleetAdminService>;
