import { money, parseMoney } from '@suanli/contract';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/shared/i18n';
import type { LedgerRow } from '../api/list-ledger';
// Adds the wallet's namespace, as its pages do when they load.
import '../use-wallet-translation';
import { ledgerCsv } from './ledger-csv';

const TIME = '2025-06-01T08:30:05Z';

function row(overrides: Partial<LedgerRow>): LedgerRow {
  return {
    entryId: '1',
    orderNo: 'T20250601083005000001',
    createTime: TIME,
    direction: 'income',
    transactionType: 'transferIn',
    amount: '12.50',
    actualAmount: '12.50',
    balance: '112.50',
    ...overrides,
  };
}

const ROWS = [
  row({
    entryId: '2',
    direction: 'expense',
    transactionType: 'transferOut',
    amount: '1234.00',
    actualAmount: '1234.00',
    balance: '0.00',
  }),
  row({}),
];

function lines(csv: string): string[] {
  return csv.replace(/^\uFEFF/, '').split('\r\n');
}

describe('the ledger as CSV', () => {
  it("heads the columns as the table does, in the user's language", () => {
    expect(lines(ledgerCsv([], i18n.getFixedT('en-US', 'wallet')))[0]).toBe(
      'Time,Order no.,Direction,Type,Amount,Actual amount,Balance after',
    );
    expect(lines(ledgerCsv([], i18n.getFixedT('zh-CN', 'wallet')))[0]).toBe(
      '时间,订单号,收支,类型,金额,实际金额,变动后余额',
    );
  });

  it('writes one line per row, labels translated, the amount signed by its direction, plain numbers', () => {
    const local = dayjs(TIME).format('YYYY-MM-DD HH:mm:ss');

    expect(lines(ledgerCsv(ROWS, i18n.getFixedT('zh-CN', 'wallet'))).slice(1)).toEqual([
      `${local},T20250601083005000001,支出,转出,-1234.00,-1234.00,0.00`,
      `${local},T20250601083005000001,收入,转入,12.50,12.50,112.50`,
      '',
    ]);
  });

  it('starts with a byte order mark, for Excel to read the Chinese as UTF-8', () => {
    expect(ledgerCsv(ROWS, i18n.getFixedT('zh-CN', 'wallet')).startsWith('\uFEFF时间')).toBe(true);
  });

  it('foots: each balance after is the one before plus the actual amount, vouchers included', () => {
    // Newest first, as the ledger answers: a recharge, a charge paid partly by a voucher, a free minute, a transfer.
    const statement = [
      row({
        entryId: '4',
        direction: 'expense',
        transactionType: 'transferOut',
        amount: '10.00',
        actualAmount: '10.00',
        balance: '89.91',
      }),
      row({
        entryId: '3',
        direction: 'expense',
        transactionType: 'appOrder',
        amount: '0.01',
        actualAmount: '0.00',
        balance: '99.91',
      }),
      row({
        entryId: '2',
        direction: 'expense',
        transactionType: 'appOrder',
        amount: '1.03',
        actualAmount: '0.09',
        balance: '99.91',
      }),
      row({
        entryId: '1',
        direction: 'income',
        transactionType: 'recharge',
        amount: '100.00',
        actualAmount: '100.00',
        balance: '100.00',
      }),
    ];
    const cells = lines(ledgerCsv(statement, i18n.getFixedT('en-US', 'wallet')))
      .slice(1, -1)
      .map((line) => line.split(','))
      .reverse();
    let balance = money(0n);
    for (const cell of cells) {
      balance = money(balance + parseMoney(cell[5]!)!);
      expect(parseMoney(cell[6]!)).toBe(balance);
    }
    expect(cells.map((cell) => cell[5])).toEqual(['100.00', '-0.09', '0.00', '-10.00']);
  });
});
