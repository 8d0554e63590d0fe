import { wallet, type PaymentChannel, type TransactionType } from '@suanli/contract';

/** A user's accounts: what they can spend, what their vouchers hold, what they earned (withdrawable), what is held. */
export const USER_ACCOUNT_KINDS = ['balance', 'vouchers', 'earnings', 'held'] as const;
export type UserAccountKind = (typeof USER_ACCOUNT_KINDS)[number];

/** The products revenue is kept by, one platform account each (the contract names them for the operators' reads). */
export const REVENUE_PRODUCTS = wallet.RevenueProduct.options;
export type RevenueProduct = (typeof REVENUE_PRODUCTS)[number];

/** The product of a revenue account's kind (`revenue.gpu` → `gpu`), or null for any other account. */
export const productOf = (kind: string): RevenueProduct | null =>
  REVENUE_PRODUCTS.find((product) => kind === `revenue.${product}`) ?? null;

/**
 * The platform's accounts (migration 0042 makes one row of each): revenue per product, the vouchers granted and not
 * taken back, balance given as promotions (redeem codes, gifts), refunds and refund fees, each payment channel's
 * clearing (money on its way from the provider).
 */
export const PLATFORM_ACCOUNTS = [
  ...REVENUE_PRODUCTS.map((product) => `revenue.${product}` as const),
  'vouchers.liability',
  'promotions',
  'refunds',
  'fees',
  'clearing.wechat',
  'clearing.alipay',
  'clearing.bank',
] as const;
export type PlatformAccount = (typeof PLATFORM_ACCOUNTS)[number];

export type AccountKind = UserAccountKind | PlatformAccount;

/** The movements of a partner's earnings and held accounts (decision 0031), which no balance statement lists. */
export type EarningsType =
  'kolIncome' | 'creatorIncome' | 'withdrawalHold' | 'withdrawalRelease' | 'withdrawalPayout' | 'withdrawalFee';

/** An entry's type: a statement's transaction types, and the movements of the other accounts no statement lists. */
export type LedgerType = TransactionType | 'voucherGrant' | 'voucherExpiry' | EarningsType;

export const clearingOf = (channel: PaymentChannel): PlatformAccount => `clearing.${channel}`;

/**
 * The platform account on the other side of a user's transaction of each type; null for a transfer between two
 * users, whose entries balance each other; `channel` for a recharge, which names its channel's clearing account.
 */
const COUNTER_ACCOUNTS: Record<TransactionType, PlatformAccount | 'channel' | null> = {
  appOrder: 'revenue.gpu',
  dataDiskExpansion: 'revenue.disk',
  dataStorage: 'revenue.cloudSpace',
  mirrorStorage: 'revenue.image',
  onlineGeneration: 'revenue.api',
  powerPointByBalance: 'revenue.power',
  powerPackageExpired: 'revenue.power',
  giftPackage: 'promotions',
  redeem: 'promotions',
  recharge: 'channel',
  refund: 'refunds',
  refundFee: 'fees',
  transferIn: null,
  transferOut: null,
};

export const counterAccountOf = (type: TransactionType) => COUNTER_ACCOUNTS[type];

/**
 * The platform account a charge of this type pays. A charge is never a recharge nor a transfer between users, whose
 * other side is not the platform's revenue: asking for one is a programming error.
 */
export function chargedTo(type: TransactionType, orderNo: string): PlatformAccount {
  const counter = counterAccountOf(type);
  if (counter === null || counter === 'channel') {
    throw new RangeError(`a ${type} is not a charge (${orderNo})`);
  }
  return counter;
}
