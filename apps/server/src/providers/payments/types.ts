import type { Money } from '@suanli/contract';

/** The channels a provider collects through; bank transfers are confirmed by an operator, not a provider. */
export type QrChannel = 'wechat' | 'alipay';

export interface PaymentOrder {
  orderNo: string;
  channel: QrChannel;
}

/** What the provider says of an order: paid (with its own trade number and the amount it took), or not yet, or closed. */
export type ProviderTrade =
  { state: 'paid'; tradeNo: string; amount: Money } | { state: 'pending' } | { state: 'closed' };

/** A verified notification that an order was paid, however it arrived. */
export interface PaidNotice {
  orderNo: string;
  tradeNo: string;
  amount: Money;
}

/** A refund asked of the provider: `refundNo` is its idempotency key, the same refund however often it is asked. */
export interface RefundRequest extends PaymentOrder {
  refundNo: string;
  /** What to give back, at most what the order was paid less what was given back before. */
  amount: Money;
  /** What the order was paid in all (WeChat Pay asks for it with every refund). */
  total: Money;
  reason: string;
}

/**
 * What came of a refund: done (or accepted and on its way, which a provider does not undo), with the provider's own
 * refund number; or refused for good (the order too old, the merchant's funds short), its code for the log.
 */
export type RefundOutcome = { state: 'succeeded'; providerRefundNo: string } | { state: 'refused'; code: string };

/** One payment the provider cleared on a day: what its clearing file (对账单) lists. */
export interface ClearedPayment {
  orderNo: string;
  tradeNo: string;
  amount: Money;
}

/**
 * Collects recharges (ARCHITECTURE §7). Every call may reach the provider over the network: never call one inside a
 * transaction. Each throws PaymentUnavailableError when the provider cannot be reached or refuses.
 */
export interface PaymentProvider {
  /** True for the embedded sandbox cashier, so that the console can say so on screen. */
  readonly sandbox: boolean;
  /** Places the order; answers what its QR encodes. */
  create(order: PaymentOrder & { amount: Money; description: string; expiresAt: Date }): Promise<{ codeUrl: string }>;
  /** Asks the provider where an order stands, for when its notification does not arrive. */
  query(order: PaymentOrder): Promise<ProviderTrade>;
  /**
   * Closes the order at the provider so it can no longer be paid (a QR's expiry alone does not). An order that was
   * paid first answers its trade, to be credited; one the payer never scanned counts as closed.
   */
  close(order: PaymentOrder): Promise<ProviderTrade>;
  /** Gives back part or all of a paid order to its payer; asked again with the same `refundNo`, the same refund. */
  refund(request: RefundRequest): Promise<RefundOutcome>;
  /** The payments a channel cleared on a day (`YYYY-MM-DD`, China time, the providers' clearing day). */
  clearing(request: { channel: QrChannel; day: string }): Promise<ClearedPayment[]>;
}

/**
 * Alipay's mobile-website payment (alipay.trade.wap.pay, 手机网站支付), for a payer on the phone that would have to
 * scan the QR: the payer's browser goes to the provider's page, which makes the trade, and comes back to `returnUrl`.
 * The order is then queried, notified and closed as a QR order of its channel is.
 */
export interface WapPayment {
  /** Signs the order into the address of the provider's payment page, which makes the trade: no network here. */
  wapPay(order: { orderNo: string; amount: Money; description: string; expiresAt: Date; returnUrl: string }): {
    payUrl: string;
  };
}

export class PaymentUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PaymentUnavailableError';
  }
}

/**
 * A notification that cannot be trusted (forged, altered, stale, for another merchant or app) or that cannot be read;
 * its message says why, for the log. A verifier answers null instead for an authentic one that reports no payment.
 */
export class NotificationRefusedError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'NotificationRefusedError';
  }
}
