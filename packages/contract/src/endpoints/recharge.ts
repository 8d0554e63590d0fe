import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { dateSchema, withDateRange } from '../dates.js';
import { idTextSchema, moneyTextSchema, pageQuerySchema, pageSchema } from '../envelope.js';
import { OrderStatus, PaymentChannel, PaymentStatus } from '../enums.js';
import { moneySchema, operatorReasonSchema, rechargeAmountSchema } from '../validation.js';

const ORDER_NO = /^R\d{20}$/;
const orderNoSchema = z.string().regex(ORDER_NO, { error: 'validation.orderNo' });

const qrOrderSchema = z.object({
  orderNo: z.string(),
  /** What the QR encodes: WeChat's code_url, Alipay's QR link, or the sandbox cashier. */
  codeUrl: z.string(),
  /** When the QR stops working and the order is closed (ISO 8601). */
  expireTime: z.string(),
  /** The same, as seconds from now: a countdown needs no agreement between the browser's clock and the server's. */
  expiresIn: z.number().int(),
  /** The embedded sandbox cashier, to be shown as such. */
  sandbox: z.boolean(),
});

export const createWechatRecharge = defineEndpoint({
  id: 'createWechatRecharge',
  method: 'POST',
  path: '/recharge/api/wx-pay/native/',
  auth: 'user',
  summary: 'Opens a WeChat Pay (Native QR) recharge of a whole amount, 1 to 5000 yuan',
  tag: 'recharge',
  body: z.object({ amount: rechargeAmountSchema }),
  data: qrOrderSchema,
  idempotent: true,
});

export const createAlipayRecharge = defineEndpoint({
  id: 'createAlipayRecharge',
  method: 'POST',
  path: '/recharge/api/ali-pay/trade/page/pay/',
  auth: 'user',
  summary: 'Opens an Alipay recharge (its QR) of a whole amount, 1 to 5000 yuan',
  tag: 'recharge',
  body: z.object({ amount: rechargeAmountSchema }),
  data: qrOrderSchema,
  idempotent: true,
});

export const createAlipayOrder = defineEndpoint({
  id: 'createAlipayOrder',
  method: 'POST',
  path: '/recharge/payment/createAlipayOrder',
  auth: 'user',
  summary:
    'Opens an Alipay mobile-website recharge (手机网站支付) of a whole amount, 1 to 5000 yuan, for a payer on the ' +
    'phone that would scan the QR: the browser goes to payUrl to pay and comes back to the recharge page, which ' +
    'polls getPaymentStatus',
  tag: 'recharge',
  query: z.object({ amount: rechargeAmountSchema }),
  data: z.object({
    orderNo: z.string(),
    /** Where the browser goes to pay: Alipay's signed alipay.trade.wap.pay page, or the sandbox cashier. */
    payUrl: z.string(),
    /** When the order can no longer be paid and is closed (ISO 8601). */
    expireTime: z.string(),
    expiresIn: z.number().int(),
    sandbox: z.boolean(),
  }),
  idempotent: true,
});

export const getPaymentStatus = defineEndpoint({
  id: 'getPaymentStatus',
  method: 'GET',
  path: '/recharge/api/ali-pay/getPaymentStatus',
  auth: 'user',
  summary: "Where one of the caller's recharge orders stands; the QR screen polls it",
  tag: 'recharge',
  query: z.object({ orderNo: orderNoSchema }),
  data: z.object({ status: PaymentStatus.schema }),
});

const cancelData = z.object({ status: PaymentStatus.schema });

export const cancelWechatRecharge = defineEndpoint({
  id: 'cancelWechatRecharge',
  method: 'POST',
  path: '/recharge/api/wx-pay/cancel/:id',
  auth: 'user',
  summary: "Closes one of the caller's pending WeChat orders at WeChat; answers paid if it was paid first",
  tag: 'recharge',
  params: z.object({ id: orderNoSchema }),
  data: cancelData,
});

export const cancelAlipayRecharge = defineEndpoint({
  id: 'cancelAlipayRecharge',
  method: 'POST',
  path: '/recharge/api/ali-pay/trade/close/:id',
  auth: 'user',
  summary: "Closes one of the caller's pending Alipay orders at Alipay; answers paid if it was paid first",
  tag: 'recharge',
  params: z.object({ id: orderNoSchema }),
  data: cancelData,
});

/** A bill line of an application order (spec §3): what its application was charged in one business day. */
const billLineSchema = z.object({
  appId: z.string(),
  appName: z.string(),
  /** The business day (`YYYY-MM-DD`, TZ_BUSINESS) the charges were made in. */
  period: z.string(),
  billAmount: moneyTextSchema,
  /** What vouchers paid of it; the balance paid the rest. */
  voucherPayment: moneyTextSchema,
});

/**
 * How to finish paying a pending recharge: its QR again, the provider's payment page again (Alipay's mobile-website
 * payment), or where to send a bank transfer.
 */
const resumeSchema = z.union([
  z.object({ kind: z.literal('qr'), codeUrl: z.string(), expiresIn: z.number().int(), sandbox: z.boolean() }),
  z.object({ kind: z.literal('page'), payUrl: z.string(), expiresIn: z.number().int(), sandbox: z.boolean() }),
  z.object({
    kind: z.literal('bank'),
    accountName: z.string(),
    bankName: z.string(),
    accountNumber: z.string(),
    remark: z.string(),
  }),
]);

const orderRowSchema = z.object({
  orderNo: z.string(),
  /** A recharge, or a GPU application (prepaid or pay-as-you-go) whose charges are its bill lines. */
  kind: z.enum(['recharge', 'application']),
  createTime: z.string(),
  /** When it was paid, cancelled or became invalid, or the application destroyed; null while pending or running. */
  endTime: z.string().nullable(),
  productName: z.string(),
  /** How a recharge is paid; null for an application order, which the wallet pays. */
  channel: PaymentChannel.schema.nullable(),
  status: OrderStatus.schema,
  amount: moneyTextSchema,
  voucher: moneyTextSchema,
  vipDiscount: moneyTextSchema,
  actualPayment: moneyTextSchema,
  /** Bill details (spec §3): an application order's charges, day by day, adding up to its amount; none for a recharge. */
  bills: z.array(billLineSchema),
  /** A pending recharge's way to be paid still; null otherwise. */
  resume: resumeSchema.nullable(),
});

export const listOrders = defineEndpoint({
  id: 'listOrders',
  method: 'POST',
  path: '/recharge/order-info/selectDealInfoList',
  auth: 'user',
  summary:
    "The current user's orders, newest first, filtered by creation date and status: recharges and GPU application " +
    'orders with their bill lines',
  tag: 'recharge',
  query: pageQuerySchema,
  body: withDateRange(
    z.object({
      startDate: dateSchema.optional(),
      endDate: dateSchema.optional(),
      status: OrderStatus.schema.optional(),
    }),
  ),
  data: pageSchema(orderRowSchema),
});

export const createBankRecharge = defineEndpoint({
  id: 'createBankRecharge',
  method: 'POST',
  path: '/recharge/payment/createBankpayOrder',
  auth: 'user',
  summary:
    'Opens a bank-transfer recharge of a whole amount, 1 to 5000 yuan: the account to pay into and the remark to ' +
    'write; it is credited once an operator confirms the money arrived',
  tag: 'recharge',
  query: z.object({ amount: rechargeAmountSchema }),
  data: z.object({
    orderNo: z.string(),
    amount: moneyTextSchema,
    accountName: z.string(),
    bankName: z.string(),
    accountNumber: z.string(),
    /** What the payer writes on the transfer (the order number), by which the operator finds the order. */
    remark: z.string(),
  }),
  idempotent: true,
});

const bankOrderParams = z.object({ orderNo: orderNoSchema });

export const listBankOrders = defineEndpoint({
  id: 'listBankOrders',
  method: 'GET',
  path: '/admin/finance/bank-orders',
  auth: 'user',
  operator: 'finance',
  summary:
    'Operators: bank-transfer recharges in a status (pending unless told), oldest first, optionally the one order ' +
    "number a transfer's remark names",
  tag: 'admin',
  query: pageQuerySchema.extend({
    status: PaymentStatus.schema.default('pending'),
    orderNo: z.string().trim().max(32).optional(),
  }),
  data: pageSchema(
    z.object({
      orderNo: z.string(),
      userId: z.string(),
      amount: moneyTextSchema,
      status: PaymentStatus.schema,
      createTime: z.string(),
      /** When it was paid or closed; null while pending. */
      endTime: z.string().nullable(),
    }),
  ),
});

export const confirmBankRecharge = defineEndpoint({
  id: 'confirmBankRecharge',
  method: 'POST',
  path: '/admin/finance/bank-orders/:orderNo/confirm',
  auth: 'user',
  operator: 'finance',
  summary: "Operators: a bank order's transfer arrived, for the order's amount; it is credited to the payer, once",
  tag: 'admin',
  idempotent: true,
  params: bankOrderParams,
  body: z.object({
    /** What arrived, in yuan: it must be the order's amount. */
    amount: moneySchema({ decimals: 2, min: 100n, max: 10n ** 15n, message: 'validation.receivedAmount' }),
    reason: operatorReasonSchema,
  }),
  data: z.object({ status: PaymentStatus.schema }),
});

export const rejectBankRecharge = defineEndpoint({
  id: 'rejectBankRecharge',
  method: 'POST',
  path: '/admin/finance/bank-orders/:orderNo/reject',
  auth: 'user',
  operator: 'finance',
  summary: 'Operators: no transfer arrived for a bank order; the order is closed unpaid',
  tag: 'admin',
  params: bankOrderParams,
  body: z.object({ reason: operatorReasonSchema }),
  data: z.object({ status: PaymentStatus.schema }),
});

export const cancelBankRecharge = defineEndpoint({
  id: 'cancelBankRecharge',
  method: 'POST',
  path: '/recharge/payment/bank-orders/:orderNo/cancel',
  auth: 'user',
  summary: "Cancels one of the caller's pending bank-transfer recharges (nothing was sent, or nothing will be)",
  tag: 'recharge',
  params: bankOrderParams,
  data: z.object({ status: PaymentStatus.schema }),
});

export const getRechargeInfo = defineEndpoint({
  id: 'getRechargeInfo',
  method: 'GET',
  path: '/recharge/charge/getInfo',
  auth: 'none',
  summary:
    'What the recharge page offers: the smallest and largest single recharge, the preset amounts, the channels, and ' +
    'whether payments go to the embedded sandbox cashier',
  tag: 'recharge',
  data: z.object({
    minAmount: moneyTextSchema,
    maxAmount: moneyTextSchema,
    presets: z.array(moneyTextSchema),
    channels: z.array(PaymentChannel.schema),
    sandbox: z.boolean(),
  }),
});

const QrChannel = z.enum(['wechat', 'alipay']);
const RefundStatus = z.enum(['pending', 'succeeded', 'refused']);

export const listRechargeOrdersForOperators = defineEndpoint({
  id: 'listRechargeOrdersForOperators',
  method: 'GET',
  path: '/admin/finance/recharge-orders',
  auth: 'user',
  operator: 'finance',
  summary:
    'Operators: paid WeChat Pay and Alipay recharges, newest first, with what was refunded of each; by order number ' +
    'or user when given',
  tag: 'admin',
  query: pageQuerySchema.extend({
    orderNo: z.string().trim().max(32).optional(),
    userId: idTextSchema.optional(),
    channel: QrChannel.optional(),
  }),
  data: pageSchema(
    z.object({
      orderNo: z.string(),
      userId: z.string(),
      channel: QrChannel,
      amount: moneyTextSchema,
      refunded: moneyTextSchema,
      paidTime: z.string(),
      /** The order's refunds, oldest first, and how each stands at the provider. */
      refunds: z.array(
        z.object({ refundNo: z.string(), amount: moneyTextSchema, status: RefundStatus, createTime: z.string() }),
      ),
    }),
  ),
});

export const refundRecharge = defineEndpoint({
  id: 'refundRecharge',
  method: 'POST',
  path: '/admin/finance/recharge-orders/:orderNo/refund',
  auth: 'user',
  operator: 'finance',
  summary:
    "Operators: refunds all or part of a paid WeChat Pay or Alipay recharge: the amount leaves the payer's balance " +
    '(at most what it holds) and goes back through the provider; `refunded` is what the operator saw refunded ' +
    'before, so that of two operators refunding at once the second gets a 409',
  tag: 'admin',
  idempotent: true,
  params: bankOrderParams,
  body: z.object({
    amount: moneySchema({ decimals: 2, min: 100n, max: 10n ** 15n, message: 'validation.finance.refundAmount' }),
    refunded: moneySchema({ decimals: 2, min: 0n, max: 10n ** 15n, message: 'validation.finance.refunded' }),
    reason: operatorReasonSchema,
  }),
  data: z.object({ refundNo: z.string(), refunded: moneyTextSchema, status: RefundStatus }),
});

export const listReconciliations = defineEndpoint({
  id: 'listReconciliations',
  method: 'GET',
  path: '/admin/finance/reconciliations',
  auth: 'user',
  operator: 'finance',
  summary:
    "Operators: each day's reconciliation of a payment provider's clearing against the paid recharges, newest first: " +
    'what matched, paid orders the provider did not clear, payments it cleared without a paid order, amounts that differ',
  tag: 'admin',
  query: pageQuerySchema.extend({ differencesOnly: z.enum(['true', 'false']).optional() }),
  data: pageSchema(
    z.object({
      day: z.string(),
      channel: QrChannel,
      /** due: the day is over and the provider's clearing not yet read. */
      status: z.enum(['due', 'done']),
      matchedCount: z.number().int(),
      matchedAmount: moneyTextSchema,
      missingAtProvider: z.array(z.object({ orderNo: z.string(), amount: moneyTextSchema })),
      missingAsOrders: z.array(z.object({ orderNo: z.string(), tradeNo: z.string(), amount: moneyTextSchema })),
      mismatches: z.array(
        z.object({ orderNo: z.string(), orderAmount: moneyTextSchema, providerAmount: moneyTextSchema }),
      ),
    }),
  ),
});
