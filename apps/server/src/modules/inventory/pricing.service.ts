import {
  applyRatesToFen,
  BillingMode,
  formatMoney,
  money,
  type EndpointData,
  type EndpointInput,
  type Money,
  type pricing,
} from '@suanli/contract';
import type { UserId } from '../../db/ids.js';
import { AppError } from '../../http/app-error.js';
import type { Fleet, GpuModel } from './fleet.js';

type QuoteInput = EndpointInput<typeof pricing.getGpuPrice>['query'];
type Quote = EndpointData<typeof pricing.getGpuPrice>;

/** The hours one period of each billing mode covers; per minute is quoted by the hour it is priced in. */
const PERIOD_HOURS: Record<BillingMode, bigint> = { minute: 1n, day: 24n, week: 168n, month: 720n, year: 8_760n };

/** What is rented: GPUs of one model, for periods of a billing mode (hours, when per minute). */
export interface Rental {
  mode: BillingMode;
  periods: number;
  gpuCount: number;
}

/** What the pricing needs to know of a signed-in customer. */
export interface Customer {
  vipGrade: number;
  vipDiscountBasisPoints: number;
  education: boolean;
}

interface PricingDependencies {
  fleet: Fleet;
  customer: (userId: UserId) => Promise<Customer>;
}

const GUEST: Customer = { vipGrade: 0, vipDiscountBasisPoints: 10_000, education: false };

/** GPU prices (spec §9): original price × duration discount × VIP discount, vouchers aside. */
export function pricingService({ fleet, customer }: PricingDependencies) {
  const models = new Map(fleet.gpuModels.map((model) => [model.model.toLowerCase(), model]));

  function modelOf(name: string): GpuModel {
    const model = models.get(name.trim().toLowerCase());
    if (!model) {
      throw new AppError('notFound', { messageKey: 'inventory.unknownGpuModel', field: 'gpuModel' });
    }
    return model;
  }

  const durationDiscount = (mode: BillingMode) => (mode === 'minute' ? 10_000 : fleet.durationDiscounts[mode]);
  const education = (model: GpuModel, who: Customer) => who.education && model.educationHourlyPrice !== undefined;
  const unitPrice = (model: GpuModel, mode: BillingMode, who: Customer) =>
    money((education(model, who) ? model.educationHourlyPrice! : model.hourlyPrice) * PERIOD_HOURS[mode]);

  /** The price rounded once, half-up, to the fen: the amount a quote shows is the amount a rental debits. */
  function price(model: GpuModel, rental: Rental, who = GUEST): Money {
    const { mode, periods, gpuCount } = rental;
    const original = money(unitPrice(model, mode, who) * BigInt(periods) * BigInt(gpuCount));
    return applyRatesToFen(original, durationDiscount(mode), who.vipDiscountBasisPoints);
  }

  const customerOf = (userId: UserId | null) => (userId === null ? Promise.resolve(GUEST) : customer(userId));

  return {
    gpuModels: () => fleet.gpuModels,
    customerOf,

    /** Every model's list prices for one GPU and one period, in the fleet's order. */
    listModels: () =>
      fleet.gpuModels.map((model) => ({
        gpuModel: model.model,
        memoryGb: model.memoryGb,
        prices: Object.fromEntries(
          BillingMode.values.map((mode) => [mode, formatMoney(price(model, { mode, periods: 1, gpuCount: 1 }))]),
        ) as Record<BillingMode, string>,
        educationHourlyPrice: model.educationHourlyPrice ? formatMoney(model.educationHourlyPrice) : null,
      })),
    modelOf,
    price,

    /** When a prepaid rental of `periods` starting `from` ends; null when billed by the minute, which never ends. */
    periodEnd(mode: BillingMode, periods: number, from: Date): Date | null {
      return mode === 'minute' ? null : new Date(from.getTime() + Number(PERIOD_HOURS[mode]) * periods * 3_600_000);
    },

    /** What the signed-in customer pays for the rental (VIP and education apply), in whole fen. */
    async priceFor(userId: UserId, model: GpuModel, rental: Rental): Promise<Money> {
      return price(model, rental, await customer(userId));
    },

    async quote(query: QuoteInput, userId: UserId | null): Promise<Quote> {
      const model = modelOf(query.gpuModel);
      const who = await customerOf(userId);
      const unit = unitPrice(model, query.billingMode, who);
      return {
        gpuModel: model.model,
        billingMode: query.billingMode,
        duration: query.duration,
        gpuCount: query.gpuCount,
        unitPrice: formatMoney(unit),
        originalPrice: formatMoney(money(unit * BigInt(query.duration) * BigInt(query.gpuCount))),
        durationDiscountBasisPoints: durationDiscount(query.billingMode),
        vipGrade: who.vipGrade,
        vipDiscountBasisPoints: who.vipDiscountBasisPoints,
        education: education(model, who),
        price: formatMoney(
          price(model, { mode: query.billingMode, periods: query.duration, gpuCount: query.gpuCount }, who),
        ),
      };
    },
  };
}

export type PricingService = ReturnType<typeof pricingService>;
