import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/sql.js';
import type { AdjustableClock } from '../../src/jobs/clock.js';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { createSignedInUser } from '../helpers/factories.js';
import {
  accountFlows,
  enterNextBusinessDay,
  enterNextWindow,
  uniqueEmail,
  uniqueIp,
  uniquePhone,
} from '../fixtures/auth-flows.js';

let t: TestApp;
let clock: AdjustableClock;
let flows: ReturnType<typeof accountFlows>;
beforeAll(async () => {
  t = await buildTestApp({ CAPTCHA: 'off' });
  clock = t.clock as AdjustableClock;
  flows = accountFlows(t);
});
afterAll(() => t.close());

const HOUR_MS = 60 * 60_000;

describe('one-time codes', () => {
  it('sends six digits to the outbox, stored only as a hash, with the success text of the caller language', async () => {
    const phone = uniquePhone();
    const zh = await flows.sendCode(phone, '1', { ip: uniqueIp() });
    expect(zh.json()).toEqual({ code: 200, msg: '验证码已发送到您的手机，请查收', data: null });
    const [message] = await flows.outbox(phone);
    expect(message).toMatchObject({ channel: 'sms', code: expect.stringMatching(/^\d{6}$/) });
    expect(message!.body).toContain(`验证码 ${message!.code}，5 分钟内有效`);
    const stored = await queryRows(t.db, sql`SELECT 1 FROM verification_codes WHERE code_hash = ${message!.code}`);
    expect(stored).toHaveLength(0);

    const email = uniqueEmail();
    const en = await flows.sendCode(email, '1', { ip: uniqueIp(), locale: 'en-US' });
    expect(en.json()).toMatchObject({ msg: 'Verification code has been sent to your e-mail, please check' });
    const [mail] = await flows.outbox(email);
    expect(mail).toMatchObject({ channel: 'email', subject: 'Your Suanli verification code' });
    expect(mail!.body).toContain(`Your code for registering an account is ${mail!.code}, valid for 5 minutes`);
  });

  it('lets a code be used once, within five minutes', async () => {
    const { phone } = await flows.registeredPhone({ ip: uniqueIp() });
    const code = await flows.code(phone, '2', { ip: uniqueIp() });
    expect((await flows.loginByCode(phone, code)).statusCode).toBe(200);
    const again = await flows.loginByCode(phone, code, { locale: 'en-US' });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({
      msg: 'The verification code is invalid or has expired, please request a new one',
      data: { field: 'verificationCode' },
    });
  });

  it('refuses a code once its five minutes are over', async () => {
    const { phone } = await flows.registeredPhone({ ip: uniqueIp() });
    const code = await flows.code(phone, '2', { ip: uniqueIp() });
    clock.advance(5);
    const late = await flows.loginByCode(phone, code);
    expect(late.statusCode).toBe(422);
    expect(late.json()).toMatchObject({ msg: '验证码已失效，请重新获取' });
  });

  it('refuses a new code within 60 seconds, then sends one that replaces the old', async () => {
    const { phone } = await flows.registeredPhone({ ip: uniqueIp() });
    const ip = uniqueIp();
    const first = await flows.code(phone, '2', { ip });
    clock.advance(0.5);
    const early = await flows.sendCode(phone, '2', { ip, locale: 'en-US' });
    expect(early.statusCode).toBe(422);
    expect(early.json()).toMatchObject({ msg: 'Please wait 30 seconds before requesting another code' });
    clock.advance(0.5);
    const second = await flows.code(phone, '2', { ip });
    // Only the newest code counts: the old one is now just a wrong guess.
    expect((await flows.loginByCode(phone, first)).json()).toMatchObject({ msg: '验证码错误，还可尝试 4 次' });
    expect((await flows.loginByCode(phone, second)).statusCode).toBe(200);
  });

  it('kills a code after five wrong tries, counting down the attempts left', async () => {
    const { phone } = await flows.registeredPhone({ ip: uniqueIp() });
    const code = await flows.code(phone, '2', { ip: uniqueIp() });
    const wrong = code === '000000' ? '111111' : '000000';
    const messages = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      messages.push((await flows.loginByCode(phone, wrong, { locale: 'en-US' })).json().msg);
    }
    expect(messages).toEqual([
      'Wrong verification code, 4 attempts left',
      'Wrong verification code, 3 attempts left',
      'Wrong verification code, 2 attempts left',
      'Wrong verification code, 1 attempts left',
      'Too many wrong attempts, please request a new code',
    ]);
    const right = await flows.loginByCode(phone, code);
    expect(right.statusCode).toBe(422);
    expect(right.json()).toMatchObject({ msg: '验证码错误次数过多，请重新获取' });
  });

  it('sends at most 10 codes a business day to one phone, and again the next day', async () => {
    enterNextBusinessDay(clock);
    const phone = uniquePhone();
    for (let sent = 0; sent < 10; sent += 1) {
      expect((await flows.sendCode(phone, '1', { ip: uniqueIp() })).statusCode, `code ${sent + 1}`).toBe(200);
      clock.advance(1);
    }
    const eleventh = await flows.sendCode(phone, '1', { ip: uniqueIp(), locale: 'en-US' });
    expect(eleventh.statusCode).toBe(422);
    expect(eleventh.json().msg).toBe('You have requested 10 codes today, the daily limit; please try again tomorrow');
    expect((await flows.sendCode(phone, 'reset', { ip: uniqueIp() })).statusCode).toBe(422);
    enterNextBusinessDay(clock);
    expect((await flows.sendCode(phone, '1', { ip: uniqueIp() })).statusCode).toBe(200);
  });

  it('sends at most 30 codes an hour from one address', async () => {
    enterNextWindow(clock, HOUR_MS);
    const ip = uniqueIp();
    for (let sent = 0; sent < 30; sent += 1) {
      expect((await flows.sendCode(uniqueEmail(), '1', { ip })).statusCode, `code ${sent + 1}`).toBe(200);
      // A register code tells whether the account exists: a lookup, of which an address has 20 a minute.
      if (sent % 20 === 19) {
        clock.advance(1);
      }
    }
    const refused = await flows.sendCode(uniqueEmail(), '1', { ip });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ msg: '当前网络获取验证码过于频繁，请稍后再试' });
    expect((await flows.sendCode(uniqueEmail(), '1', { ip: uniqueIp() })).statusCode).toBe(200);
    enterNextWindow(clock, HOUR_MS);
    expect((await flows.sendCode(uniqueEmail(), '1', { ip })).statusCode).toBe(200);
  });

  it('refuses a register code for a registered account and a login code for an unknown one', async () => {
    const { phone } = await flows.registeredPhone({ ip: uniqueIp() });
    const taken = await flows.sendCode(phone, '1', { ip: uniqueIp(), locale: 'en-US' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ msg: 'This account is already registered, please log in' });
    for (const type of ['2', 'reset']) {
      const unknown = await flows.sendCode(uniqueEmail(), type, { ip: uniqueIp() });
      expect(unknown.statusCode).toBe(422);
      expect(unknown.json()).toMatchObject({ msg: '该账号尚未注册，请先注册' });
    }
    expect(await flows.outbox(phone)).toHaveLength(1);
  });

  it('sends a phone-change code only to a signed-in user, only by SMS, only to a free number', async () => {
    const anonymous = await flows.sendCode(uniquePhone(), 'phone', { ip: uniqueIp() });
    expect(anonymous.statusCode).toBe(401);
    const { token } = await createSignedInUser(t);
    const byMail = await flows.sendCode(uniqueEmail(), 'phone', { ip: uniqueIp(), token });
    expect(byMail.statusCode).toBe(400);
    const { phone } = await flows.registeredPhone({ ip: uniqueIp() });
    expect((await flows.sendCode(phone, 'phone', { ip: uniqueIp(), token })).statusCode).toBe(409);
    expect((await flows.sendCode(uniquePhone(), 'phone', { ip: uniqueIp(), token })).statusCode).toBe(200);
  });

  it('purges expired codes and captchas hourly and outbox messages after seven days', async () => {
    const phone = uniquePhone();
    await flows.sendCode(phone, '1', { ip: uniqueIp() });
    clock.advance(6 * 24 * 60);
    await t.app.scheduler.tick();
    expect(await flows.outbox(phone)).toHaveLength(1);
    const codes = await queryRows(t.db, sql`SELECT 1 FROM verification_codes WHERE target = ${phone}`);
    expect(codes).toHaveLength(0);
    clock.advance(2 * 24 * 60);
    await t.app.scheduler.tick();
    expect(await flows.outbox(phone)).toHaveLength(0);
  });
});
