import { z } from 'zod';
import { enumLabels } from './enum-labels.js';

/**
 * Every status of spec §3, declared once. Each value has a catalogue key `enums.<name>.<value>` in i18n/*.json,
 * which both the server's messages and the console's labels read.
 */
function defineEnum<const Name extends string, const Values extends readonly [string, ...string[]]>(
  name: Name,
  values: Values,
) {
  return { ...enumLabels(name, values), schema: z.enum(values) };
}

export const ApplicationStatus = defineEnum('applicationStatus', [
  'creating',
  'starting',
  'running',
  'stopping',
  'stopped',
  'restarting',
  'abnormal',
  'destroyed',
]);
/** How an application is rented: by the minute as it runs (pay as you go), or prepaid by the day, week, month or year. */
export const BillingMode = defineEnum('billingMode', ['minute', 'day', 'week', 'month', 'year']);
export type BillingMode = (typeof BillingMode.values)[number];
export const DiskKind = defineEnum('diskKind', ['system', 'data']);
export const ImageUploadStatus = defineEnum('imageUploadStatus', ['uploading', 'complete', 'failed']);
export const ImageShareStatus = defineEnum('imageShareStatus', ['sharing', 'canceled']);
/** Spec §3; a recharge order that was cancelled or whose QR expired is cancelled or invalid (spec §4 "Payment"). */
export const OrderStatus = defineEnum('orderStatus', [
  'pendingPayment',
  'paid',
  'pendingCompletion',
  'cancelled',
  'invalid',
  'unknown',
]);
export const VoucherStatus = defineEnum('voucherStatus', [
  'normal',
  'invalid',
  'abnormal',
  'pendingActivation',
  'awaitingInviteeFirstApp',
]);
/** `voucher` pays any charge; `coupon` only GPU application orders (transaction type appOrder). */
export const VoucherKind = defineEnum('voucherKind', ['voucher', 'coupon']);
/** Where a voucher came from: an operator's grant, a recharge-return promotion, an invite reward. */
export const VoucherSource = defineEnum('voucherSource', ['operator', 'rechargeReturn', 'invite', 'feedback']);
export type VoucherStatus = (typeof VoucherStatus.values)[number];
export type VoucherKind = (typeof VoucherKind.values)[number];
export type VoucherSource = (typeof VoucherSource.values)[number];
export const InvoiceType = defineEnum('invoiceType', ['vatGeneral', 'vatSpecial']);
export const InvoiceStatus = defineEnum('invoiceStatus', ['submitted', 'modified', 'completed', 'revoked', 'rejected']);
export type InvoiceType = (typeof InvoiceType.values)[number];
export type InvoiceStatus = (typeof InvoiceStatus.values)[number];
export const TransactionDirection = defineEnum('transactionDirection', ['income', 'expense']);
export const TransactionType = defineEnum('transactionType', [
  'appOrder',
  'onlineGeneration',
  'recharge',
  'refund',
  'mirrorStorage',
  'dataStorage',
  'dataDiskExpansion',
  'refundFee',
  'powerPointByBalance',
  'powerPackageExpired',
  'giftPackage',
  'transferIn',
  'transferOut',
  'redeem',
]);
export const PaymentChannel = defineEnum('paymentChannel', ['wechat', 'alipay', 'bank']);
/** A recharge order: pending until paid; closed when its payer cancelled it, invalid when its QR expired. */
export const PaymentStatus = defineEnum('paymentStatus', ['pending', 'paid', 'closed', 'invalid']);
export type PaymentChannel = (typeof PaymentChannel.values)[number];
export type OrderStatus = (typeof OrderStatus.values)[number];
export type PaymentStatus = (typeof PaymentStatus.values)[number];
export type TransactionType = (typeof TransactionType.values)[number];
export type TransactionDirection = (typeof TransactionDirection.values)[number];
export const WithdrawalStatus = defineEnum('withdrawalStatus', ['submitted', 'completed', 'rejected']);
export const PayeeType = defineEnum('payeeType', ['personal', 'company']);
export const VerifiedStatus = defineEnum('verifiedStatus', ['0', '1']);
export const VipGrade = defineEnum('vipGrade', ['0', '1', '2', '3']);
export const ConsultationService = defineEnum('consultationService', [
  'apiAccess',
  'applicationPackaging',
  'customizedAiSolutions',
]);
export const PowerPackage = defineEnum('powerPackage', ['gold', 'platinum', 'diamond']);
/**
 * A row of the power-point history (docs/decisions/0014): points bought with balance, a package's monthly issue, points
 * spent on the API, points of an API allowance returned unused (decision 0034), points expired. The first and last share their names with the money ledger's transaction types.
 */
export const PowerPointEntryKind = defineEnum('powerPointEntryKind', [
  'powerPointByBalance',
  'powerPackageIssue',
  'apiUsage',
  'apiRefund',
  'powerPackageExpired',
]);
export type PowerPackage = (typeof PowerPackage.values)[number];
export type PowerPointEntryKind = (typeof PowerPointEntryKind.values)[number];
export const RoleKey = defineEnum('roleKey', ['user', 'education', 'kol', 'creator', 'admin']);
export type RoleKey = (typeof RoleKey.values)[number];
/**
 * The areas of the operations console, each granted to a user on its own (`npm run admin -- grant`): the GPU fleet,
 * money (recharges, vouchers, redeem codes), content review, customer support, and the operators themselves.
 */
export const OperatorArea = defineEnum('operatorArea', ['fleet', 'finance', 'review', 'support', 'admin']);
export type OperatorArea = (typeof OperatorArea.values)[number];

export const ALL_ENUMS = [
  PaymentChannel,
  PaymentStatus,
  ApplicationStatus,
  BillingMode,
  DiskKind,
  ImageUploadStatus,
  ImageShareStatus,
  OrderStatus,
  VoucherStatus,
  VoucherKind,
  VoucherSource,
  InvoiceType,
  InvoiceStatus,
  TransactionDirection,
  TransactionType,
  WithdrawalStatus,
  PayeeType,
  VerifiedStatus,
  VipGrade,
  ConsultationService,
  PowerPackage,
  PowerPointEntryKind,
  RoleKey,
  OperatorArea,
] as const;
