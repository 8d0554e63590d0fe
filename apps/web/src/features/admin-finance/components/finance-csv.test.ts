import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/shared/i18n';
import type { BankOrderRow } from '../api/bank-orders';
import type { InvoiceRow } from '../api/invoices';
import type { RechargeOrderRow } from '../api/recharge-refunds';
import type { ReconciliationRow } from '../api/reconciliations';
import type { WithdrawalRow } from '../api/withdrawals';
// Adds the finance desk's namespace, as its pages do when they load.
import '../use-admin-finance-translation';
import { bankOrdersCsv, invoicesCsv, reconciliationsCsv, refundsCsv, withdrawalsCsv } from './finance-csv';

const TIME = '2026-11-27T08:30:05.000Z';
const LOCAL = dayjs(TIME).format('YYYY-MM-DD HH:mm:ss');
const en = i18n.getFixedT('en-US', 'adminFinance');
const zh = i18n.getFixedT('zh-CN', 'adminFinance');

function lines(csv: string): string[] {
  return csv.replace(/^\uFEFF/, '').split('\r\n');
}

const bankOrder = (overrides: Partial<BankOrderRow> = {}): BankOrderRow => ({
  orderNo: 'R20261127083005000001',
  userId: '42',
  amount: '1234.50',
  status: 'paid',
  createTime: TIME,
  endTime: TIME,
  ...overrides,
});

describe('bank transfers as CSV', () => {
  it('heads the columns in the reader’s language', () => {
    expect(lines(bankOrdersCsv([], en))[0]).toBe(
      'Order number (remark),User ID,Amount (yuan),Status,Opened,Paid or closed',
    );
    expect(lines(bankOrdersCsv([], zh))[0]).toBe('订单号（转账备注）,用户 ID,金额（元）,状态,创建时间,支付或关闭时间');
  });

  it('writes the amount as exact yuan, the status in words, local times, and nothing for a time still to come', () => {
    const csv = bankOrdersCsv([bankOrder(), bankOrder({ amount: '200.00', status: 'pending', endTime: null })], zh);
    expect(lines(csv).slice(1)).toEqual([
      `R20261127083005000001,42,1234.50,已支付,${LOCAL},${LOCAL}`,
      `R20261127083005000001,42,200.00,待支付,${LOCAL},`,
      '',
    ]);
  });
});

describe('invoice applications as CSV', () => {
  it('gives everything the invoice is made out to, quoting a cell that holds a comma', () => {
    const row: InvoiceRow = {
      id: '7',
      userId: '42',
      amount: '30.00',
      remark: '',
      status: 'rejected',
      title: 'Journey Ltd',
      type: 'vatGeneral',
      rejectionNote: 'Wrong taxpayer number',
      hasFile: false,
      createTime: TIME,
      updateTime: TIME,
      details: {
        title: 'Journey Ltd',
        taxNumber: '91110108MA01ABCD2X',
        type: 'vatSpecial',
        contactName: 'Li Si',
        phone: '13800138000',
        email: 'finance@example.com',
        bank: 'ICBC Beijing',
        account: '0200001234567890123',
        address: '1 Zhongguancun Street, Beijing',
      },
    };
    const [header, line] = lines(invoicesCsv([row], en));
    expect(header!.split(',')).toHaveLength(17);
    expect(header).toMatch(/^Application,User ID,Amount \(yuan\),Status,Invoice title,Taxpayer number,Invoice type,/);
    expect(line).toBe(
      [
        '7,42,30.00,Rejected,Journey Ltd,91110108MA01ABCD2X,VAT special invoice,ICBC Beijing,0200001234567890123',
        '"1 Zhongguancun Street, Beijing",Li Si,13800138000,finance@example.com,,Wrong taxpayer number',
        `${LOCAL},${LOCAL}`,
      ].join(','),
    );
  });
});

describe('withdrawals as CSV', () => {
  it('writes the payee, the amount, the fee and the payout as exact yuan', () => {
    const row: WithdrawalRow = {
      id: '9',
      userId: '42',
      applyTime: TIME,
      amount: '150.00',
      fee: '9.00',
      payout: '141.00',
      invoiceType: 'vatGeneral',
      status: 'submitted',
      payee: 'personal',
      payeeName: '王五',
      rejectNote: null,
    };
    expect(lines(withdrawalsCsv([row], zh)).slice(0, 2)).toEqual([
      '提现编号,用户 ID,收款类型,收款人,提供发票,提现金额（元）,手续费（元）,实付金额（元）,状态,驳回说明,申请时间',
      `9,42,个人,王五,增值税普通发票,150.00,9.00,141.00,已提交,,${LOCAL}`,
    ]);
  });
});

describe('refunds as CSV', () => {
  it('writes each paid recharge once, its refunds listed in one cell with exact amounts', () => {
    const row: RechargeOrderRow = {
      orderNo: 'R1',
      userId: '42',
      channel: 'wechat',
      amount: '100.00',
      refunded: '50.00',
      paidTime: TIME,
      refunds: [
        { refundNo: 'F1', amount: '30.00', status: 'succeeded', createTime: TIME },
        { refundNo: 'F2', amount: '20.00', status: 'pending', createTime: TIME },
      ],
    };
    expect(lines(refundsCsv([row], en))[1]).toBe(
      `R1,42,WeChat Pay,100.00,50.00,${LOCAL},F1 30.00 Refunded ${LOCAL}; F2 20.00 Waiting for the provider ${LOCAL}`,
    );
  });
});

describe('reconciliations as CSV', () => {
  const day = (overrides: Partial<ReconciliationRow>): ReconciliationRow => ({
    day: '2026-11-26',
    channel: 'alipay',
    status: 'done',
    matchedCount: 12,
    matchedAmount: '3456.70',
    missingAtProvider: [],
    missingAsOrders: [],
    mismatches: [],
    ...overrides,
  });

  it('says whether each day balanced and spells out every difference with exact amounts', () => {
    const rows = [
      day({}),
      day({ status: 'due', matchedCount: 0, matchedAmount: '0.00' }),
      day({
        missingAtProvider: [{ orderNo: 'R1', amount: '30.00' }],
        mismatches: [{ orderNo: 'R2', orderAmount: '1000.00', providerAmount: '999.99' }],
      }),
    ];
    expect(lines(reconciliationsCsv(rows, en))).toEqual([
      'Day,Channel,Result,Matched orders,Matched amount (yuan),Differences,What differs (yuan)',
      '2026-11-26,Alipay,Balanced,12,3456.70,0,',
      "2026-11-26,Alipay,Waiting for the provider's clearing,0,0.00,0,",
      '2026-11-26,Alipay,Differences,12,3456.70,2,' +
        '"R1: paid 30.00 here, not cleared by the provider; R2: 1000.00 here, 999.99 at the provider"',
      '',
    ]);
  });
});
