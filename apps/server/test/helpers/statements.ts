import { money, parseMoney, type Money } from '@suanli/contract';
import type { TestApp } from './build-test-app.js';

export interface StatementRow {
  orderNo: string;
  direction: 'income' | 'expense';
  transactionType: string;
  amount: string;
  actualAmount: string;
  balance: string;
}

const units = (text: string): Money => {
  const parsed = parseMoney(text, 2);
  if (parsed === null) {
    throw new Error(`not an amount of whole fen: ${text}`);
  }
  return parsed;
};

/** The caller's whole statement, oldest first, as the income and expense page reads it. */
export async function statementOf(t: TestApp, token: string, orderNo?: string): Promise<StatementRow[]> {
  const filter = orderNo ? `&orderNo=${encodeURIComponent(orderNo)}` : '';
  const response = await t.request({
    method: 'GET',
    url: `/api/recharge/order-info/selectIncomeExpense?pageSize=100${filter}`,
    token,
  });
  return [...(response.json().data.rows as StatementRow[])].reverse();
}

/**
 * The rows where the statement does not foot, as the user would add it up at the two decimals shown: each balance is
 * the one before plus what moved the balance, starting from zero. Empty when it foots.
 */
export function unfootedRows(rows: readonly StatementRow[]): string[] {
  const wrong: string[] = [];
  let balance = money(0n);
  for (const row of rows) {
    const moved = units(row.actualAmount);
    balance = money(row.direction === 'income' ? balance + moved : balance - moved);
    if (balance !== units(row.balance)) {
      wrong.push(`${row.orderNo} ${row.transactionType}: ${row.balance} shown, ${balance} by the lines before`);
    }
  }
  return wrong;
}

/** What the lines add up to, unsigned, in units: an order's cost. */
export const sumOf = (rows: readonly StatementRow[], column: 'amount' | 'actualAmount' = 'amount') =>
  rows.reduce((total, row) => total + units(row[column]), 0n);
