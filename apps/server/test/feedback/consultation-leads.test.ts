import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/build-test-app.js';
import { auditRowsOf, createOperator } from '../helpers/operators.js';
import { consult, startFeedbackApp } from './feedback-helpers.js';

// Consultation leads past the first call: support operators move each lead to handled, converted or closed, write
// notes on its timeline, and filter the list by state; a stale version answers 409, every change is audited.
let t: TestApp;
let cleanUp: () => Promise<void>;
let support: Awaited<ReturnType<typeof createOperator>>;
beforeAll(async () => {
  ({ t, cleanUp } = await startFeedbackApp());
  support = await createOperator(t, ['support']);
});
afterAll(() => cleanUp());

let nextAddress = 1;
const newLead = async () =>
  (
    await consult(
      t,
      { name: '李雷', company: '韩梅梅科技', position: 'CEO', phone: '13912345678', services: ['apiAccess'] },
      { ip: `198.51.100.${nextAddress++}` },
    )
  ).json().data.id as string;

const call = (method: 'GET' | 'POST', url: string, payload?: object, locale: 'en-US' | 'zh-CN' = 'en-US') =>
  t.request({ method, url: `/api/admin/support/consultations${url}`, token: support.token, locale, payload });

const move = (id: string, body: object, locale?: 'en-US' | 'zh-CN') => call('POST', `/${id}/state`, body, locale);

const rowIn = async (state: string, id: string) =>
  (await call('GET', `?state=${state}&pageSize=100`)).json().data.rows.find((row: { id: string }) => row.id === id);

describe('consultation leads', () => {
  it('move from pending through handled to converted, each move a note on the timeline, filtered by state', async () => {
    const id = await newLead();
    expect(await rowIn('pending', id)).toMatchObject({ state: 'pending', notes: 0, version: 1 });

    const handled = await move(id, { state: 'handled', version: 1, reason: 'Called, wants a quote' });
    expect(handled.statusCode).toBe(200);
    expect(handled.json().data).toEqual({ id, state: 'handled', version: 2 });
    expect(await rowIn('pending', id)).toBeUndefined();

    const note = await call('POST', `/${id}/notes`, { reason: 'Sent the quote by mail' });
    expect(note.statusCode).toBe(200);
    expect(note.json().data).toMatchObject({ note: 'Sent the quote by mail', state: null });

    expect((await move(id, { state: 'converted', version: 2, reason: 'Signed for 40 A100s' })).statusCode).toBe(200);
    const converted = await rowIn('converted', id);
    expect(converted).toMatchObject({ state: 'converted', notes: 3, version: 3 });
    expect(converted.handledAt).not.toBeNull();
    expect(await rowIn('handled', id)).toBeUndefined();

    const timeline = (await call('GET', `/${id}/notes`)).json().data;
    expect(timeline).toEqual([
      expect.objectContaining({ note: 'Called, wants a quote', state: 'handled', authorId: String(support.userId) }),
      expect.objectContaining({ note: 'Sent the quote by mail', state: null }),
      expect.objectContaining({ note: 'Signed for 40 A100s', state: 'converted' }),
    ]);
    expect((await auditRowsOf(t, support.userId)).filter((row) => row.target === `consultation:${id}`)).toEqual([
      expect.objectContaining({ action: 'feedback.moveConsultation', after: { state: 'handled', version: 2 } }),
      expect.objectContaining({ action: 'feedback.noteConsultation', reason: 'Sent the quote by mail' }),
      expect.objectContaining({ action: 'feedback.moveConsultation', before: { state: 'handled', version: 2 } }),
    ]);
  });

  it('close a pending lead directly, and refuse a stale version or the state it is in with 409', async () => {
    const id = await newLead();
    expect((await move(id, { state: 'closed', version: 1, reason: 'Wrong number' })).statusCode).toBe(200);
    const stale = await move(id, { state: 'converted', version: 1, reason: 'late' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().msg).toBe(
      `Consultation ${id} was changed by another operator since you read it; reload it and try again`,
    );
    const same = await move(id, { state: 'closed', version: 2, reason: 'again' }, 'zh-CN');
    expect(same.statusCode).toBe(409);
    expect(same.json().msg).toBe(`咨询 ${id} 已是 closed 状态`);
    expect((await rowIn('closed', id)).version).toBe(2);
    const handle = await call('POST', `/${id}/handle`, { reason: 'called' });
    expect(handle.statusCode).toBe(409);
  });

  it('answer 404 for a lead that does not exist and name each field at fault in both languages', async () => {
    expect((await call('GET', '/987654321/notes')).statusCode).toBe(404);
    expect((await call('POST', '/987654321/notes', { reason: 'x' })).statusCode).toBe(404);
    expect((await move('987654321', { state: 'closed', version: 1, reason: 'x' })).statusCode).toBe(404);

    const id = await newLead();
    const cases = [
      { body: { state: 'pending', version: 1, reason: 'r' }, field: 'state', en: 'handled, converted or closed' },
      { body: { state: 'closed', reason: 'r' }, field: 'version', en: 'version of the lead' },
      { body: { state: 'closed', version: 1 }, field: 'reason', en: 'reason' },
    ];
    for (const { body, field, en } of cases) {
      const english = await move(id, body);
      expect(english.statusCode, field).toBe(400);
      expect(english.json().data.field).toBe(field);
      expect(english.json().msg).toContain(en);
      expect((await move(id, body, 'zh-CN')).json().msg).toMatch(/[\u4e00-\u9fff]/);
    }
    const note = await call('POST', `/${id}/notes`, { reason: 'x'.repeat(201) });
    expect(note.json().data.field).toBe('reason');
    const filter = await call('GET', '?state=lost', undefined, 'zh-CN');
    expect(filter.json().data.field).toBe('state');
    expect(filter.json().msg).toContain('状态须为');
  });
});
