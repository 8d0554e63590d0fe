import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdjustableClock } from '../../src/jobs/clock.js';
import type { TestApp } from '../helpers/build-test-app.js';
import { auditRowsOf, createOperator } from '../helpers/operators.js';
import { consult, startFeedbackApp } from './feedback-helpers.js';

// The business consultation form (spec §3) through the real app: anyone may send it, every field is checked with its
// name in the caller's language, one address is limited, and support operators work through the list.
let t: TestApp;
let cleanUp: () => Promise<void>;
let support: Awaited<ReturnType<typeof createOperator>>;
beforeAll(async () => {
  ({ t, cleanUp } = await startFeedbackApp());
  support = await createOperator(t, ['support']);
});
afterAll(() => cleanUp());

const FORM = {
  name: '王小明',
  company: '星河智能科技有限公司',
  position: 'CTO',
  phone: '13912345678',
  services: ['apiAccess', 'customizedAiSolutions'],
  requirement: 'We need 40 A100s for a month of fine-tuning.',
};

let nextAddress = 1;
/** A fresh address per test, so that the per-address limit of one test never refuses another's. */
const freshAddress = () => `198.51.100.${nextAddress++}`;

const listConsultations = async (state = 'pending') =>
  (
    await t.request({ method: 'GET', url: `/api/admin/support/consultations?state=${state}`, token: support.token })
  ).json().data;

const handle = (id: string, token = support.token) =>
  t.request({
    method: 'POST',
    url: `/api/admin/support/consultations/${id}/handle`,
    token,
    locale: 'en-US',
    payload: { reason: 'called back' },
  });

describe('a business consultation', () => {
  it('needs no login and promises contact within 24 hours, in the caller’s language', async () => {
    const ip = freshAddress();
    const english = await consult(t, FORM, { ip });
    expect(english.statusCode).toBe(200);
    expect(english.json().msg).toBe('Received: we will contact you within 24 hours');
    expect(english.json().data).toMatchObject({ replyWithinHours: 24 });
    const chinese = await consult(t, { ...FORM, requirement: undefined }, { ip, locale: 'zh-CN' });
    expect(chinese.json().msg).toBe('提交成功，我们将在 24 小时内与您联系');

    const pending = await listConsultations();
    expect(pending.rows.find((row: { id: string }) => row.id === english.json().data.id)).toMatchObject({
      ...FORM,
      state: 'pending',
      handledAt: null,
    });
    expect(pending.rows.find((row: { id: string }) => row.id === chinese.json().data.id)).toMatchObject({
      requirement: '',
    });
  });

  it('names each field at fault in both languages', async () => {
    const ip = freshAddress();
    const cases = [
      { change: { name: ' ' }, field: 'name', en: 'Please enter your name', zh: '请输入姓名' },
      { change: { name: 'x'.repeat(51) }, field: 'name', en: 'at most 50', zh: '最多 50' },
      { change: { company: undefined }, field: 'company', en: 'Please enter your company', zh: '请输入公司名称' },
      { change: { company: 'x'.repeat(101) }, field: 'company', en: 'at most 100', zh: '最多 100' },
      { change: { position: '' }, field: 'position', en: 'Please enter your position', zh: '请输入职位' },
      { change: { position: 'x'.repeat(51) }, field: 'position', en: 'at most 50', zh: '最多 50' },
      { change: { phone: '12345678901' }, field: 'phone', en: 'correct phone number', zh: '手机号' },
      { change: { phone: undefined }, field: 'phone', en: 'Please enter your phone number', zh: '请输入手机号' },
      { change: { services: [] }, field: 'services', en: 'at least one service', zh: '至少选择一项' },
      { change: { services: undefined }, field: 'services', en: 'at least one service', zh: '至少选择一项' },
      { change: { services: ['gpuRental'] }, field: 'services.0', en: 'not an allowed value', zh: '' },
      { change: { requirement: 'x'.repeat(2001) }, field: 'requirement', en: 'at most 2000', zh: '最多 2000' },
    ];
    for (const { change, field, en, zh } of cases) {
      const english = await consult(t, { ...FORM, ...change }, { ip });
      expect(english.statusCode, JSON.stringify(change)).toBe(400);
      expect(english.json().data.field).toBe(field);
      expect(english.json().msg).toContain(en);
      const chinese = await consult(t, { ...FORM, ...change }, { ip, locale: 'zh-CN' });
      expect(chinese.json().msg).toContain(zh);
      expect(chinese.json().msg).toMatch(/[\u4e00-\u9fff]/);
    }
    // None of these counted against the address: refused input is not a consultation.
    expect((await consult(t, FORM, { ip })).statusCode).toBe(200);
  });

  it('takes at most 5 an hour from one address, while other addresses still get through', async () => {
    const ip = freshAddress();
    for (let sent = 0; sent < 5; sent += 1) {
      expect((await consult(t, FORM, { ip })).statusCode).toBe(200);
    }
    const refused = await consult(t, FORM, { ip });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().msg).toContain('Too many consultations from your network');
    expect((await consult(t, FORM, { ip, locale: 'zh-CN' })).json().msg).toContain('您所在网络提交的咨询过多');
    expect((await consult(t, FORM, { ip: freshAddress() })).statusCode).toBe(200);

    (t.clock as AdjustableClock).advance(60);
    expect((await consult(t, FORM, { ip })).statusCode).toBe(200);
  });

  it('is marked handled once by a support operator, audited', async () => {
    const id = (await consult(t, FORM, { ip: freshAddress() })).json().data.id as string;
    const handled = await handle(id);
    expect(handled.statusCode).toBe(200);
    expect(handled.json().data).toEqual({ id, state: 'handled' });
    expect((await listConsultations()).rows.map((row: { id: string }) => row.id)).not.toContain(id);
    expect((await listConsultations('handled')).rows.find((row: { id: string }) => row.id === id).handledAt).not.toBe(
      null,
    );
    const again = await handle(id);
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toContain(`Consultation ${id} was already handled`);
    expect((await auditRowsOf(t, support.userId)).filter((row) => row.target === `consultation:${id}`)).toEqual([
      expect.objectContaining({
        area: 'support',
        action: 'feedback.handleConsultation',
        before: { state: 'pending', version: 1 },
        after: { state: 'handled', version: 2 },
        reason: 'called back',
      }),
    ]);
    const review = await createOperator(t, ['review']);
    expect((await handle(id, review.token)).statusCode).toBe(403);
    expect((await handle('999999999')).statusCode).toBe(404);
  });
});
