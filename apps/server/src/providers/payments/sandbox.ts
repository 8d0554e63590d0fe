import { randomInt } from 'node:crypto';
import { money, type Money } from '@suanli/contract';
import type { Clock } from '../../jobs/clock.js';
import { chinaDay } from './china-time.js';
import type { PaymentOrder, PaymentProvider, ProviderTrade, RefundOutcome, WapPayment } from './types.js';

type Trade = { state: 'paid'; tradeNo: string; amount: Money } | { state: 'closed' };

export interface SandboxCashier extends PaymentProvider, WapPayment {
  readonly sandbox: true;
  /** Where the cashier sends the payer of a mobile-website order back to once they paid or cancelled. */
  returnUrlOf(orderNo: string): string | undefined;
  /** The payer pays at the cashier; answers the trade, or closed when the order was closed first. */
  pay(order: PaymentOrder & { amount: Money }): ProviderTrade;
  /** The payer cancels at the cashier; answers the trade when it was paid first. */
  cancel(order: { orderNo: string }): ProviderTrade;
}

/**
 * The embedded default (ARCHITECTURE §7): each QR opens this server's own cashier page, whose Pay and Cancel stand in
 * for the payer, and a payment reaches the order through the same notification path a real one takes. It remembers
 * only what it was told since the server started; an order it never heard of is an unscanned QR, as at a provider.
 * It refunds what it was paid, once per refund number, and clears each day (China time, by the server's clock) the
 * payments taken that day.
 */
export function sandboxCashier(baseUrl: string, clock: Clock): SandboxCashier {
  const trades = new Map<string, Trade>();
  const cleared: { channel: PaymentOrder['channel']; day: string; orderNo: string; tradeNo: string; amount: Money }[] =
    [];
  const refunds = new Map<string, RefundOutcome>();
  const refundedOf = new Map<string, Money>();
  const returnUrls = new Map<string, string>();
  const cashierUrl = (orderNo: string) => `${baseUrl}/payments/sandbox/cashier?orderNo=${encodeURIComponent(orderNo)}`;
  const tradeOf = (orderNo: string): ProviderTrade => trades.get(orderNo) ?? { state: 'pending' };
  const closeUnlessPaid = (orderNo: string): ProviderTrade => {
    const trade = trades.get(orderNo);
    if (trade?.state === 'paid') {
      return trade;
    }
    trades.set(orderNo, { state: 'closed' });
    return { state: 'closed' };
  };

  return {
    sandbox: true,
    create: async ({ orderNo }) => ({ codeUrl: cashierUrl(orderNo) }),
    wapPay({ orderNo, returnUrl }) {
      returnUrls.set(orderNo, returnUrl);
      return { payUrl: cashierUrl(orderNo) };
    },
    returnUrlOf: (orderNo) => returnUrls.get(orderNo),
    query: async ({ orderNo }: PaymentOrder) => tradeOf(orderNo),
    close: async ({ orderNo }: PaymentOrder) => closeUnlessPaid(orderNo),
    async refund({ orderNo, refundNo, amount }) {
      const known = refunds.get(refundNo);
      if (known) {
        return known;
      }
      const trade = trades.get(orderNo);
      const refunded = refundedOf.get(orderNo) ?? money(0n);
      const outcome: RefundOutcome =
        trade?.state !== 'paid'
          ? { state: 'refused', code: 'ORDER_NOT_PAID' }
          : refunded + amount > trade.amount
            ? { state: 'refused', code: 'REFUND_EXCEEDS_PAYMENT' }
            : { state: 'succeeded', providerRefundNo: `SANDBOXREFUND${refunds.size + 1}` };
      if (outcome.state === 'succeeded') {
        refundedOf.set(orderNo, money(refunded + amount));
      }
      refunds.set(refundNo, outcome);
      return outcome;
    },
    clearing: async ({ channel, day }) =>
      cleared
        .filter((payment) => payment.channel === channel && payment.day === day)
        .map(({ orderNo, tradeNo, amount }) => ({ orderNo, tradeNo, amount })),
    pay({ orderNo, channel, amount }) {
      const trade = trades.get(orderNo);
      if (trade) {
        return trade;
      }
      const paid = { state: 'paid' as const, tradeNo: `SANDBOX${Date.now()}${randomInt(1_000_000)}`, amount };
      trades.set(orderNo, paid);
      cleared.push({ channel, day: chinaDay(clock.now()), orderNo, tradeNo: paid.tradeNo, amount });
      return paid;
    },
    cancel: ({ orderNo }) => closeUnlessPaid(orderNo),
  };
}
