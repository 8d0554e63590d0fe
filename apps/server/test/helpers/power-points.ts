import type { Locale } from '@suanli/contract';
import type { UserId } from '../../src/db/ids.js';
import type { AdjustableClock } from '../../src/jobs/clock.js';
import type { TestApp } from './build-test-app.js';
import { advance } from './recharges.js';

type Headers = Record<string, string>;

/** Buys points with balance as the console does: the amount in yuan as a query parameter. */
export const buyPoints = (
  t: TestApp,
  token: string,
  amount: string,
  options: { headers?: Headers; locale?: Locale } = {},
) =>
  t.request({
    method: 'POST',
    url: `/api/recharge/charge/chargeHashrateByBalance?amount=${encodeURIComponent(amount)}`,
    token,
    ...options,
  });

export const buyPackage = (
  t: TestApp,
  token: string,
  payload: Record<string, unknown>,
  options: { headers?: Headers; locale?: Locale } = {},
) => t.request({ method: 'POST', url: '/api/recharge/charge/buyPowerPackage', token, payload, ...options });

export interface PointsOverview {
  pointsBalance: number;
  lots: { orderNo: string; package: string | null; points: number; remaining: number; expireTime: string }[];
  rows: {
    kind: string;
    points: number;
    orderNo: string;
    package: string | null;
    month: number | null;
    months: number | null;
  }[];
  total: number;
}

/** The points overview (getDealInfoHashrate): balance, lots and the first page of the history, up to 100 rows. */
export async function pointsOf(t: TestApp, token: string): Promise<PointsOverview> {
  const response = await t.request({
    method: 'GET',
    url: '/api/recharge/charge/getDealInfoHashrate?pageSize=100',
    token,
  });
  return response.json().data;
}

export async function balanceOf(t: TestApp, token: string): Promise<string> {
  return (await t.request({ method: 'GET', url: '/api/recharge/order-info/selectBalance', token })).json().data.balance;
}

/** The wallet's income and expense rows, newest first. */
export async function ledgerOf(t: TestApp, token: string) {
  const response = await t.request({ method: 'GET', url: '/api/recharge/order-info/selectIncomeExpense', token });
  return response.json().data.rows as { orderNo: string; transactionType: string; amount: string; balance: string }[];
}

/**
 * Moves the development clock to `at` and lets the scheduler run once there, as the dev clock does, like a server
 * idle meanwhile (the power jobs take whatever is due by then, so no minute in between needs a run of its own). A
 * month is longer than a session's 30 idle days, so callers sign in again afterwards (`signIn`).
 */
export async function passTimeTo(t: TestApp, at: Date) {
  const minutes = Math.ceil((at.getTime() - t.clock.now().getTime()) / 60_000);
  (t.clock as AdjustableClock).advance(Math.max(minutes - 1, 0));
  await advance(t, 1);
}

export async function signIn(t: TestApp, userId: UserId) {
  return (await t.services.sessions.create(t.db, userId)).token;
}
