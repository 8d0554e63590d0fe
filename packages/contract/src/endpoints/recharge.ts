import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { dateSchema, withDateRange } from '../dates.js';
import { moneyTextSchema, pageQuerySchema, pageSchema } from '../envelope.js';
import { OrderStatus, PaymentChannel, PaymentStatus } from '../enums.js';
import { moneySchema, rechargeAmountSchema } from '../validation.js';

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

const orderRowSchema = z.object({
  orderNo: z.string(),
  createTime: z.string(),
  /** When it was paid, cancelled or became invalid; null while pending. */
  endTime: z.string().nullable(),
  productName: z.string(),
  channel: PaymentChannel.schema,
  status: OrderStatus.schema,
  amount: moneyTextSchema,
  voucher: moneyTextSchema,
  vipDiscount: moneyTextSchema,
  actualPayment: moneyTextSchema,
  /** Bill details (spec §3): what the order paid for, application by application; none for a recharge. */
  bills: z.array(z.object({ appId: z.string(), billAmount: moneyTextSchema, voucherPayment: moneyTextSchema })),
});

export const listOrders = defineEndpoint({
  id: 'listOrders',
  method: 'POST',
  path: '/recharge/order-info/selectDealInfoList',
  auth: 'user',
  summary: "The current user's orders, newest first, filtered by creation date and status",
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

export const confirmBankRecharge = defineEndpoint({
  id: 'confirmBankRecharge',
  method: 'POST',
  path: '/recharge/admin/bank-orders/:orderNo/confirm',
  auth: 'user',
  role: 'admin',
  summary: "Operators: a bank order's transfer arrived, for the order's amount; it is credited to the payer, once",
  tag: 'recharge',
  idempotent: true,
  params: bankOrderParams,
  body: z.object({
    /** What arrived, in yuan: it must be the order's amount. */
    amount: moneySchema({ decimals: 2, min: 100n, max: 10n ** 15n, message: 'validation.receivedAmount' }),
  }),
  data: z.object({ status: PaymentStatus.schema }),
});

export const rejectBankRecharge = defineEndpoint({
  id: 'rejectBankRecharge',
  method: 'POST',
  path: '/recharge/admin/bank-orders/:orderNo/reject',
  auth: 'user',
  role: 'admin',
  summary: 'Operators: no transfer arrived for a bank order; the order is closed unpaid',
  tag: 'recharge',
  params: bankOrderParams,
  data: z.object({ status: PaymentStatus.schema }),
});
