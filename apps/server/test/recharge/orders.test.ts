import { parseMoney } from '@suanli/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  advance,
  createApplication,
  createRenter,
  listApplications,
  startComputeApp,
} from '../applications/application-helpers.js';
import type { TestApp } from '../helpers/build-test-app.js';
import { openRecharge } from '../helpers/recharges.js';
import { giveVoucher } from '../helpers/vouchers.js';

// `/myOrder` (issue 19 §3): application orders beside recharges, each with bill lines adding up to it.
let t: TestApp;
let image: string;
beforeAll(async () => ({ t, image } = await startComputeApp({ RATE_LIMIT_PER_MINUTE: '0' })));
afterAll(() => t.close());

interface OrderRow {
  orderNo: string;
  kind: string;
  status: string;
  amount: string;
  voucher: string;
  actualPayment: string;
  productName: string;
  bills: { appId: string; appName: string; period: string; billAmount: string; voucherPayment: string }[];
  resume: Record<string, unknown> | null;
}

async function ordersOf(token: string, body: object = {}) {
  const response = await t.request({
    method: 'POST',
    url: '/api/recharge/order-info/selectDealInfoList?pageSize=20',
    token,
    payload: body,
    locale: 'en-US',
  });
  return response.json().data as { total: number; rows: OrderRow[] };
}

const units = (text: string) => parseMoney(text)!;
const sumOf = (texts: string[]) => texts.reduce((total, text) => total + units(text), 0n);

describe('the order list', () => {
  it('shows application orders beside recharges, each one’s bill lines adding up to its cost', async () => {
    const renter = await createRenter(t, '100');
    await giveVoucher(t, renter.userId, '0.10');
    const minute = { imageId: image, gpuModel: 'RTX 4090', gpuCount: 1, billingMode: 'minute' };
    const perMinute = (await createApplication(t, renter.token, minute)).json().data.id as string;
    await t.services.applications.settled();
    await advance(t, 7);
    const day = { imageId: image, gpuModel: 'RTX 3060', gpuCount: 1, billingMode: 'day', duration: 1 };
    const prepaid = (await createApplication(t, renter.token, day)).json().data.id as string;
    const pending = await openRecharge(t, renter.token, 30);

    const { total, rows } = await ordersOf(renter.token);
    expect(total).toBe(3);
    expect(rows.map((row) => [row.kind, row.status])).toEqual([
      ['recharge', 'pendingPayment'],
      ['application', 'paid'],
      ['application', 'pendingCompletion'],
    ]);
    const { rows: apps } = await listApplications(t, renter.token, '?pageSize=100');
    for (const [id, row] of [
      [prepaid, rows[1]!],
      [perMinute, rows[2]!],
    ] as const) {
      const app = apps.find((each) => each.id === id)!;
      expect(row.orderNo).toBe(app.orderNo);
      expect(row.amount).toBe(app.cost);
      expect(row.bills.length).toBeGreaterThan(0);
      expect(row.bills.every((bill) => bill.appId === id && bill.appName === app.appName)).toBe(true);
      expect(sumOf(row.bills.map((bill) => bill.billAmount))).toBe(units(row.amount));
      expect(sumOf(row.bills.map((bill) => bill.voucherPayment))).toBe(units(row.voucher));
      expect(units(row.voucher) + units(row.actualPayment)).toBe(units(row.amount));
    }
    // 7 minutes at 2.28 an hour: 0.27, of which the voucher paid 0.10.
    expect(rows[2]).toMatchObject({ amount: '0.27', voucher: '0.10', actualPayment: '0.17' });
    expect(rows[2]!.productName).toContain('(RTX 4090 × 1, ');
    expect(rows[0]!.resume).toMatchObject({ kind: 'qr', codeUrl: pending.codeUrl, sandbox: true });

    expect((await ordersOf(renter.token, { status: 'pendingCompletion' })).rows.map((row) => row.orderNo)).toEqual([
      rows[2]!.orderNo,
    ]);
    expect((await ordersOf(renter.token, { status: 'pendingPayment' })).total).toBe(1);
    const other = await createRenter(t, '1');
    expect((await ordersOf(other.token)).rows.every((row) => row.kind === 'recharge')).toBe(true);
  });

  it('lets a pending bank transfer be resumed with the remittance details, or cancelled', async () => {
    const renter = await createRenter(t, '1');
    const opened = await t.request({
      method: 'POST',
      url: '/api/recharge/payment/createBankpayOrder?amount=200',
      token: renter.token,
    });
    const { orderNo } = opened.json().data;
    const [row] = (await ordersOf(renter.token)).rows;
    expect(row).toMatchObject({ orderNo, status: 'pendingPayment', resume: { kind: 'bank', remark: orderNo } });

    const stranger = await createRenter(t, '1');
    const cancel = (token: string) =>
      t.request({ method: 'POST', url: `/api/recharge/payment/bank-orders/${orderNo}/cancel`, token });
    expect((await cancel(stranger.token)).statusCode).toBe(404);
    expect((await cancel(renter.token)).json().data).toEqual({ status: 'closed' });
    const [after] = (await ordersOf(renter.token)).rows;
    expect(after).toMatchObject({ orderNo, status: 'cancelled', resume: null });
  });

  it('tells the recharge page its limits, presets, channels and whether payments are sandboxed', async () => {
    const info = await t.request({ method: 'GET', url: '/api/recharge/charge/getInfo' });
    expect(info.json().data).toEqual({
      minAmount: '1.00',
      maxAmount: '5000.00',
      presets: ['50.00', '100.00', '200.00', '500.00', '1000.00', '2000.00'],
      channels: ['wechat', 'alipay', 'bank'],
      sandbox: true,
    });
  });
});
