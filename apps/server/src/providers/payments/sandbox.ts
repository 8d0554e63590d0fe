import { randomInt } from 'node:crypto';
import type { Money } from '@suanli/contract';
import type { PaymentOrder, PaymentProvider, ProviderTrade, WapPayment } from './types.js';

type Trade = { state: 'paid'; tradeNo: string; amount: Money } | { state: 'closed' };

export interface SandboxCashier extends PaymentProvider, WapPayment {
  readonly sandbox: true;
  /** Where the cashier sends the payer of a mobile-website order back to once they paid or cancelled. */
  returnUrlOf(orderNo: string): string | undefined;
  /** The payer pays at the cashier; answers the trade, or closed when the order was closed first. */
  pay(order: { orderNo: string; amount: Money }): ProviderTrade;
  /** The payer cancels at the cashier; answers the trade when it was paid first. */
  cancel(order: { orderNo: string }): ProviderTrade;
}

/**
 * The embedded default (ARCHITECTURE §7): each QR opens this server's own cashier page, whose Pay and Cancel stand in
 * for the payer, and a payment reaches the order through the same notification path a real one takes. It remembers
 * only what it was told since the server started; an order it never heard of is an unscanned QR, as at a provider.
 */
export function sandboxCashier(baseUrl: string): SandboxCashier {
  const trades = new Map<string, Trade>();
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
    pay({ orderNo, amount }) {
      const trade = trades.get(orderNo);
      if (trade) {
        return trade;
      }
      const paid = { state: 'paid' as const, tradeNo: `SANDBOX${Date.now()}${randomInt(1_000_000)}`, amount };
      trades.set(orderNo, paid);
      return paid;
    },
    cancel: ({ orderNo }) => closeUnlessPaid(orderNo),
  };
}
