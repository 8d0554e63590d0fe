import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/sql.js';
import type { AdjustableClock } from '../../src/jobs/clock.js';
import { arithmeticExpression, hashCaptchaAnswer } from '../../src/modules/auth/captcha.service.js';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { accountFlows, PASSWORD, uniqueIp, uniquePhone } from '../fixtures/auth-flows.js';

let t: TestApp;
let clock: AdjustableClock;
let flows: ReturnType<typeof accountFlows>;
beforeAll(async () => {
  t = await buildTestApp({ CAPTCHA: 'on' });
  clock = t.clock as AdjustableClock;
  flows = accountFlows(t);
});
afterAll(() => t.close());

async function newCaptcha() {
  const response = await t.request({ method: 'GET', url: '/api/code' });
  return response.json().data as { captchaEnabled: boolean; img: string; uuid: string };
}

/**
 * The test reads the image the way a person cannot be asked to: answers are 1–118, so it finds the one whose hash the
 * server stored. Nothing in the server exists for this.
 */
async function solve(uuid: string): Promise<string> {
  const [row] = await queryRows<{ hash: string }>(
    t.db,
    sql`SELECT answer_hash AS hash FROM captchas WHERE id = ${uuid}`,
  );
  const answer = Array.from({ length: ANSWERS }, (_, value) => String(value)).find(
    (value) => hashCaptchaAnswer(uuid, value) === row!.hash,
  );
  return answer!;
}

const ANSWERS = 119;
const wrongAnswer = (answer: string) => String((Number(answer) + 1) % ANSWERS);

/** Every outcome of the random source, each as likely as the others: operand 10–109, operand 1–9, the operator. */
function everyExpression() {
  const expressions = [];
  for (let left = 10; left < 110; left += 1) {
    for (let right = 1; right < 10; right += 1) {
      for (const operator of [0, 1]) {
        const draws: Record<string, number> = { '10,110': left, '1,10': right, '0,2': operator };
        expressions.push(arithmeticExpression((min, max) => draws[`${min},${max}`]!));
      }
    }
  }
  return expressions;
}

describe('the arithmetic captcha', () => {
  it('draws additions and subtractions of 10–109 and 1–9 whose answer is what the text says, never negative', () => {
    for (const { text, answer } of [...everyExpression(), arithmeticExpression()]) {
      const [, left, operator, right] = /^(\d{2,3})([+-])(\d)=\?$/.exec(text)!;
      expect(Number(left)).toBeGreaterThanOrEqual(10);
      expect(Number(left)).toBeLessThanOrEqual(109);
      expect(answer).toBe(operator === '+' ? Number(left) + Number(right) : Number(left) - Number(right));
      expect(answer).toBeGreaterThan(0);
    }
    expect(arithmeticExpression((min) => min)).toEqual({ text: '10+1=?', answer: 11 });
  });

  it('lets no answer come up more than one time in a hundred, so a blind guess passes at most that often', () => {
    const expressions = everyExpression();
    const counts = new Map<number, number>();
    for (const { answer } of expressions) {
      counts.set(answer, (counts.get(answer) ?? 0) + 1);
    }
    const likeliest = Math.max(...counts.values()) / expressions.length;
    expect(expressions).toHaveLength(1_800);
    expect(likeliest).toBeLessThanOrEqual(1 / 100);
    expect(Math.max(...counts.keys())).toBeLessThan(ANSWERS);
  });

  it('answers an SVG image as a data URL and a fresh uuid each time', async () => {
    const first = await newCaptcha();
    expect(first.captchaEnabled).toBe(true);
    expect(Buffer.from(first.img.replace('data:image/svg+xml;base64,', ''), 'base64').toString()).toMatch(/^<svg /);
    expect(first.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect((await newCaptcha()).uuid).not.toBe(first.uuid);
  });

  it('is required to send a code and to log in by password', async () => {
    const send = await flows.sendCode(uniquePhone(), '1', { ip: uniqueIp(), locale: 'en-US' });
    expect(send.statusCode).toBe(422);
    expect(send.json()).toMatchObject({ msg: 'Please enter calculation result', data: { field: 'code' } });
    const login = await flows.loginByPassword(uniquePhone(), PASSWORD);
    expect(login.json()).toMatchObject({ code: 422, msg: '请输入计算结果' });
  });

  it('lets a right answer send a code, once: the same uuid is refused the second time', async () => {
    const { uuid } = await newCaptcha();
    const query = `?code=${await solve(uuid)}&uuid=${uuid}`;
    expect((await flows.sendCode(uniquePhone(), '1', { ip: uniqueIp() }, query)).statusCode).toBe(200);
    const again = await flows.sendCode(uniquePhone(), '1', { ip: uniqueIp(), locale: 'en-US' }, query);
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ msg: 'The image code has expired, please refresh and try again' });
  });

  it('uses the captcha up on a wrong answer too', async () => {
    const { uuid } = await newCaptcha();
    const answer = await solve(uuid);
    const wrong = await flows.sendCode(
      uniquePhone(),
      '1',
      { ip: uniqueIp() },
      `?code=${wrongAnswer(answer)}&uuid=${uuid}`,
    );
    expect(wrong.json()).toMatchObject({ code: 422, msg: '计算结果错误，请刷新后重试', data: { field: 'code' } });
    const right = await flows.sendCode(uniquePhone(), '1', { ip: uniqueIp() }, `?code=${answer}&uuid=${uuid}`);
    expect(right.statusCode).toBe(422);
  });

  it('expires after two minutes', async () => {
    const { uuid } = await newCaptcha();
    const answer = await solve(uuid);
    clock.advance(2);
    const late = await flows.sendCode(uniquePhone(), '1', { ip: uniqueIp() }, `?code=${answer}&uuid=${uuid}`);
    expect(late.statusCode).toBe(422);
    const fresh = await newCaptcha();
    clock.advance(1.9);
    const inTime = `?code=${await solve(fresh.uuid)}&uuid=${fresh.uuid}`;
    expect((await flows.sendCode(uniquePhone(), '1', { ip: uniqueIp() }, inTime)).statusCode).toBe(200);
  });

  it('lets a right answer log in by password, and not a used one', async () => {
    const phone = uniquePhone();
    const sendCaptcha = await newCaptcha();
    await flows.sendCode(
      phone,
      '1',
      { ip: uniqueIp() },
      `?code=${await solve(sendCaptcha.uuid)}&uuid=${sendCaptcha.uuid}`,
    );
    const [message] = await flows.outbox(phone);
    expect((await flows.registerByPhone(phone, message!.code)).statusCode).toBe(200);

    const { uuid } = await newCaptcha();
    const payload = { username: phone, password: PASSWORD, code: await solve(uuid), uuid };
    const login = () => t.request({ method: 'POST', url: '/api/auth/loginByPassword', payload });
    expect((await login()).statusCode).toBe(200);
    expect((await login()).json()).toMatchObject({ code: 422, msg: '图形验证码已失效，请刷新后重试' });
  });
});

describe('the captcha switched off', () => {
  it('answers captchaEnabled false and asks no endpoint for an answer', async () => {
    const off = await buildTestApp({ CAPTCHA: 'off' });
    try {
      const response = await off.request({ method: 'GET', url: '/api/code' });
      expect(response.json().data).toEqual({ captchaEnabled: false, img: '', uuid: '' });
      const send = await accountFlows(off).sendCode(uniquePhone(), '1', { ip: uniqueIp() });
      expect(send.statusCode).toBe(200);
    } finally {
      await off.close();
    }
  });
});
