import { sql } from 'drizzle-orm';
import type { UserId } from '../../src/db/ids.js';
import { queryRows } from '../../src/db/sql.js';
import { AdjustableClock, FixedClock } from '../../src/jobs/clock.js';
import { buildTestApp, secondInstance, type TestApp } from '../helpers/build-test-app.js';
import { createSignedInUser } from '../helpers/factories.js';
import { cashier, openRecharge } from '../helpers/recharges.js';
import { verify } from '../real-name/real-name-helpers.js';
import { validIdNumber } from '../real-name/real-name-ids.js';

/** Noon of 2026-11-20 in Shanghai, where the tests' clock starts. */
export const START = new Date('2026-11-20T04:00:00Z');
const SHANGHAI_MS = 8 * 60 * 60_000;

/** Minutes from now to the 8th of next month, 00:00 in Shanghai: when this month's income has been reviewed. */
export function minutesToReviewed(t: TestApp): number {
  const local = new Date(t.clock.now().getTime() + SHANGHAI_MS);
  const eighth = Date.UTC(local.getUTCFullYear(), local.getUTCMonth() + 1, 8) - SHANGHAI_MS;
  return Math.ceil((eighth - t.clock.now().getTime()) / 60_000);
}

/** Moves the clock on by `minutes` (the test app's clock is adjustable). */
export const advanceClock = (t: TestApp, minutes: number) => (t.clock as AdjustableClock).advance(minutes);

export const partnersApp = (env: Record<string, string> = {}) =>
  buildTestApp(env, { clock: new AdjustableClock(new FixedClock(START)) });

/**
 * Two server instances on one PostgreSQL database sharing the partners' clock, for the races between instances; the
 * database is dropped (and its ledger checked) when they are closed.
 */
export async function twoPartnerInstances() {
  const env = { RATE_LIMIT_PER_MINUTE: '0' };
  const clock = new AdjustableClock(new FixedClock(START));
  const a = await buildTestApp(env, { clock });
  const b = await secondInstance(a, env, { clock });
  return {
    a,
    b,
    close: async () => {
      await b.close();
      await a.close();
    },
  };
}

export const blogger = (t: TestApp, token: string, call: string, locale?: 'zh-CN' | 'en-US') =>
  t.request({ method: 'GET', url: `/api/recharge/blogger/${call}`, token, locale });

export const withdraw = (
  t: TestApp,
  token: string,
  payload: Record<string, unknown>,
  options: { locale?: 'zh-CN' | 'en-US'; kind?: 'Person' | 'Company' } = {},
) =>
  t.request({
    method: 'POST',
    url: `/api/recharge/blogger/insert${options.kind ?? 'Person'}Withdraw`,
    token,
    payload,
    locale: options.locale ?? 'en-US',
  });

export const PERSON = { name: '张三', idNumber: '110101199003070011', alipayPhone: '13800000000' };

/** A signed-in user verified through the real-name call (sandbox provider), with the name and ID number used. */
export async function verifiedUser(t: TestApp) {
  const user = await createSignedInUser(t);
  const idNumber = validIdNumber();
  const verified = await verify(t, user.token, '张三', idNumber);
  if (verified.statusCode !== 200) {
    throw new Error(`verification failed: ${verified.body}`);
  }
  return { ...user, idNumber };
}

/** A verified user who joined the programme by setting a personal payment account with the agreement accepted. */
export async function createPartner(t: TestApp) {
  const user = await verifiedUser(t);
  const joined = await withdraw(t, user.token, { ...PERSON, agreementAccepted: true });
  if (joined.statusCode !== 200) {
    throw new Error(`joining failed: ${joined.body}`);
  }
  const code = (await blogger(t, user.token, 'selectPromotionChannel')).json().data.invitationCode as string;
  return { ...user, code };
}

/** A user registered through the KOL's link, signed in. */
export const invitee = (t: TestApp, code: string) => createSignedInUser(t, { invitationCode: code });

/** The invitee recharges `yuan` through the sandbox cashier, and the consumers run: the KOL earns their ratio of it. */
export async function rechargeBy(t: TestApp, token: string, yuan: number) {
  const { orderNo } = await openRecharge(t, token, yuan);
  await cashier(t, orderNo, 'pay');
  await t.drainEvents();
  return orderNo;
}

/**
 * Gives the KOL each income through an invited user's recharge of ten times it (the ratio is 10 %), and lets the
 * review pass; the KOL signs in again, since their session ended meanwhile.
 */
export async function reviewedEarnings(
  t: TestApp,
  kol: { userId: UserId; code: string; token: string },
  incomes: number[],
) {
  const friend = await invitee(t, kol.code);
  for (const income of incomes) {
    await rechargeBy(t, friend.token, income * 10);
  }
  advanceClock(t, minutesToReviewed(t));
  kol.token = await signInAgain(t, kol.userId);
}

/** A new session of the user, as a login gives: one that began before the clock moved a month on has ended. */
export const signInAgain = async (t: TestApp, userId: UserId) => (await t.services.sessions.create(t.db, userId)).token;

export const amountsOf = async (t: TestApp, token: string) =>
  (await blogger(t, token, 'getBloggerAmountFormerly')).json().data as Record<string, string>;

/** A platform account's balance: minus the changes of the entries it is the counter of (decision 0023). */
export async function platformBalance(t: TestApp, kind: string) {
  const [row] = await queryRows<{ total: string }>(
    t.db,
    sql`SELECT coalesce(-sum(balance_change), 0)::text AS total FROM ledger_entries WHERE counter_kind = ${kind}`,
  );
  return BigInt(row!.total);
}

/** The vouchers a KOL invitee's welcome gave the user (recharges may give others). */
export async function inviteVouchers(t: TestApp, token: string) {
  const response = await t.request({ method: 'GET', url: '/api/recharge/coupon/selectVoucher', token });
  return (response.json().data.rows as { source: string; amount: string }[]).filter((row) => row.source === 'invite');
}
