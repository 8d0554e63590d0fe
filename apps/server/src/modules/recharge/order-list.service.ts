import {
  BillingMode,
  formatMoney,
  money,
  PaymentChannel,
  translate,
  type EndpointData,
  type EndpointInput,
  type Locale,
  type OrderStatus,
  type PageQuery,
  type PaymentStatus,
  type recharge,
} from '@suanli/contract';
import type { Db } from '../../db/client.js';
import type { UserId } from '../../db/ids.js';
import { pageWindow } from '../../db/paging.js';
import { localDayRange } from '../../jobs/business-time.js';
import type { Clock } from '../../jobs/clock.js';
import type { ApplicationOrder, ApplicationsModuleService } from '../applications/index.js';
import type { OrderDayLine, WalletService } from '../wallet/index.js';
import type { BankAccount } from './bank-transfer.service.js';
import * as queries from './recharge.queries.js';

type OrderFilterInput = EndpointInput<typeof recharge.listOrders>['body'];
type OrderRow = EndpointData<typeof recharge.listOrders>['rows'][number];

// How a recharge order's state reads in the order list (spec §3 and §4 "Payment").
const ORDER_STATUS: Record<PaymentStatus, OrderStatus> = {
  pending: 'pendingPayment',
  paid: 'paid',
  closed: 'cancelled',
  invalid: 'invalid',
};
const PAYMENT_STATUSES = Object.keys(ORDER_STATUS) as PaymentStatus[];
const zero = formatMoney(money(0n));

interface OrderListDependencies {
  db: Db;
  clock: Clock;
  /** TZ_BUSINESS: the zone the list's dates are read in. */
  timeZone: string;
  account: BankAccount;
  /** Whether QR payments go to the embedded sandbox cashier. */
  sandbox: boolean;
  wallet: Pick<WalletService, 'orderLines'>;
  applications: Pick<ApplicationsModuleService, 'orderPage'>;
}

/**
 * The order list of `/myOrder` (spec §3 Order, §7 selectDealInfoList): recharge orders and GPU application orders,
 * newest first, in one list. Application orders are read through the applications module, their bill lines (each
 * day's charges, voucher part included) through the wallet, so each table is read by its owner only.
 */
export function orderListService({
  db,
  clock,
  timeZone,
  account,
  sandbox,
  wallet,
  applications,
}: OrderListDependencies) {
  function resumeOf(order: queries.RechargeOrder): OrderRow['resume'] {
    if (order.status !== 'pending') {
      return null;
    }
    if (order.channel === 'bank') {
      return { kind: 'bank', ...account, remark: order.orderNo };
    }
    const left = order.expiresAt ? Math.floor((order.expiresAt.getTime() - clock.now().getTime()) / 1_000) : 0;
    if (!order.codeUrl || left <= 0) {
      return null;
    }
    return order.pagePayment
      ? { kind: 'page', payUrl: order.codeUrl, expiresIn: left, sandbox }
      : { kind: 'qr', codeUrl: order.codeUrl, expiresIn: left, sandbox };
  }

  const rechargeRow = (order: queries.RechargeOrder, locale: Locale): OrderRow => ({
    orderNo: order.orderNo,
    kind: 'recharge',
    createTime: order.createdAt.toISOString(),
    endTime: (order.paidAt ?? order.closedAt)?.toISOString() ?? null,
    productName: translate(locale, 'recharge.productName', {
      channel: translate(locale, PaymentChannel.labelKey(order.channel)),
    }),
    channel: order.channel,
    status: ORDER_STATUS[order.status],
    amount: formatMoney(order.amount),
    voucher: zero,
    vipDiscount: zero,
    actualPayment: order.status === 'paid' ? formatMoney(order.amount) : zero,
    bills: [],
    resume: resumeOf(order),
  });

  function applicationRow(order: ApplicationOrder, lines: OrderDayLine[], locale: Locale): OrderRow {
    const voucher = money(lines.reduce((sum, line) => sum + line.voucherPaid, 0n));
    return {
      orderNo: order.orderNo,
      kind: 'application',
      createTime: order.createdAt.toISOString(),
      endTime: order.destroyedAt?.toISOString() ?? null,
      productName: translate(locale, 'recharge.applicationProductName', {
        appName: order.appName,
        gpuModel: order.gpuModel,
        gpuCount: order.gpuCount,
        billingMode: translate(locale, BillingMode.labelKey(order.billingMode)),
      }),
      channel: null,
      status: order.open ? 'pendingCompletion' : 'paid',
      amount: formatMoney(order.spent),
      voucher: formatMoney(voucher),
      vipDiscount: zero,
      actualPayment: formatMoney(money(order.spent - voucher)),
      bills: lines.map((line) => ({
        appId: String(order.id),
        appName: order.appName,
        period: line.day,
        billAmount: formatMoney(line.amount),
        voucherPayment: formatMoney(line.voucherPaid),
      })),
      resume: null,
    };
  }

  return {
    /**
     * One page of both kinds merged by creation time: each source gives its newest rows up to the page's end, so a
     * page costs two bounded queries whatever the page, plus one for the bill lines of the applications on it.
     */
    async listOrders(userId: UserId, locale: Locale, { query, body }: { query: PageQuery; body: OrderFilterInput }) {
      const { limit, offset } = pageWindow(query);
      const days = localDayRange(body, timeZone);
      const statuses = body.status ? PAYMENT_STATUSES.filter((each) => ORDER_STATUS[each] === body.status) : undefined;
      const withApplications = !body.status || body.status === 'paid' || body.status === 'pendingCompletion';
      const recharges = queries.orderPage(db, userId, { statuses, ...days });
      const orders = withApplications
        ? applications.orderPage(userId, {
            ...days,
            open: body.status === undefined ? undefined : body.status === 'pendingCompletion',
          })
        : null;
      const head = { limit: offset + limit, offset: 0 };
      const [rechargeRows, rechargeTotal, appRows, appTotal] = await Promise.all([
        statuses?.length === 0 ? [] : recharges.rows(head),
        statuses?.length === 0 ? 0 : recharges.total(),
        orders ? orders.rows(head) : [],
        orders ? orders.total() : 0,
      ]);
      const merged = [
        ...rechargeRows.map((order) => ({ at: order.createdAt, recharge: order, application: null })),
        ...appRows.map((order) => ({ at: order.createdAt, recharge: null, application: order })),
      ]
        .sort((a, b) => b.at.getTime() - a.at.getTime())
        .slice(offset, offset + limit);
      const onPage = merged.flatMap((each) => (each.application ? [each.application.orderNo] : []));
      const lines = await wallet.orderLines(userId, onPage);
      const rows = merged.map((each) =>
        each.application
          ? applicationRow(
              each.application,
              lines.filter((line) => line.orderNo === each.application.orderNo),
              locale,
            )
          : rechargeRow(each.recharge!, locale),
      );
      return { total: Number(rechargeTotal) + Number(appTotal), rows };
    },
  };
}

export type OrderListService = ReturnType<typeof orderListService>;
