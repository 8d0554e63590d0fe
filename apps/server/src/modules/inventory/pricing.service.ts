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
import type { Db } from '../../db/client.js';
import type { UserId } from '../../db/ids.js';
import { AppError } from '../../http/app-error.js';
import type { GpuModel } from './fleet.js';
import { readPriceBook, type PriceBook } from './inventory.queries.js';

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
  db: Db;
  customer: (userId: UserId) => Promise<Customer>;
}

const GUEST: Customer = { vipGrade: 0, vipDiscountBasisPoints: 10_000, education: false };

/**
 * GPU prices (spec §9): original price × duration discount × VIP discount, vouchers aside. The models, prices and
 * discounts are read from the database at every quote and rental, so that an operator's change applies at once
 * (decision 0037).
 */
export function pricingService({ db, customer }: PricingDependencies) {
  /** The prices now, read on `executor` when given (an operator's transaction that just changed them). */
  const book = (executor: Db = db) => readPriceBook(executor);

  function modelIn(prices: PriceBook, name: string): GpuModel {
    const key = name.trim().toLowerCase();
    const model = prices.gpuModels.find((candidate) => candidate.model.toLowerCase() === key);
    if (!model) {
      throw new AppError('notFound', { messageKey: 'inventory.unknownGpuModel', field: 'gpuModel' });
    }
    return model;
  }

  const durationDiscount = (prices: PriceBook, mode: BillingMode) =>
    mode === 'minute' ? 10_000 : prices.durationDiscounts[mode];
  const education = (model: GpuModel, who: Customer) => who.education && model.educationHourlyPrice !== undefined;
  const unitPrice = (model: GpuModel, mode: BillingMode, who: Customer) =>
    money((education(model, who) ? model.educationHourlyPrice! : model.hourlyPrice) * PERIOD_HOURS[mode]);

  /** The price rounded once, half-up, to the fen: the amount a quote shows is the amount a rental debits. */
  /** The price of a rental of the model at the price book's rates, to the customer (a guest unless told). */
  function price(
    { prices, who = GUEST }: { prices: PriceBook; who?: Customer },
    model: GpuModel,
    rental: Rental,
  ): Money {
    const { mode, periods, gpuCount } = rental;
    const original = money(unitPrice(model, mode, who) * BigInt(periods) * BigInt(gpuCount));
    return applyRatesToFen(original, durationDiscount(prices, mode), who.vipDiscountBasisPoints);
  }

  /** Every model's list prices for one GPU and one period, in the fleet's order. */
  const listPrices = (prices: PriceBook, model: GpuModel) =>
    Object.fromEntries(
      BillingMode.values.map((mode) => [
        mode,
        formatMoney(price({ prices }, model, { mode, periods: 1, gpuCount: 1 })),
      ]),
    ) as Record<BillingMode, string>;

  const customerOf = (userId: UserId | null) => (userId === null ? Promise.resolve(GUEST) : customer(userId));

  return {
    book,
    customerOf,
    listPrices,

    /** Every model's list prices for one GPU and one period, in the fleet's order. */
    async listModels() {
      const prices = await book();
      return prices.gpuModels.map((model) => ({
        gpuModel: model.model,
        memoryGb: model.memoryGb,
        prices: listPrices(prices, model),
        educationHourlyPrice: model.educationHourlyPrice ? formatMoney(model.educationHourlyPrice) : null,
      }));
    },
    modelOf: async (name: string) => modelIn(await book(), name),
    price,

    /** When a prepaid rental of `periods` starting `from` ends; null when billed by the minute, which never ends. */
    periodEnd(mode: BillingMode, periods: number, from: Date): Date | null {
      return mode === 'minute' ? null : new Date(from.getTime() + Number(PERIOD_HOURS[mode]) * periods * 3_600_000);
    },

    /** What the signed-in customer pays for the rental (VIP and education apply), in whole fen. */
    async priceFor(userId: UserId, model: GpuModel, rental: Rental): Promise<Money> {
      const [prices, who] = await Promise.all([book(), customer(userId)]);
      return price({ prices, who }, model, rental);
    },

    async quote(query: QuoteInput, userId: UserId | null): Promise<Quote> {
      const [prices, who] = await Promise.all([book(), customerOf(userId)]);
      const model = modelIn(prices, query.gpuModel);
      const unit = unitPrice(model, query.billingMode, who);
      return {
        gpuModel: model.model,
        billingMode: query.billingMode,
        duration: query.duration,
        gpuCount: query.gpuCount,
        unitPrice: formatMoney(unit),
        originalPrice: formatMoney(money(unit * BigInt(query.duration) * BigInt(query.gpuCount))),
        durationDiscountBasisPoints: durationDiscount(prices, query.billingMode),
        vipGrade: who.vipGrade,
        vipDiscountBasisPoints: who.vipDiscountBasisPoints,
        education: education(model, who),
        price: formatMoney(
          price({ prices, who }, model, { mode: query.billingMode, periods: query.duration, gpuCount: query.gpuCount }),
        ),
      };
    },
  };
}

export type PricingService = ReturnType<typeof pricingService>;
