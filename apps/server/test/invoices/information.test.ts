import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { createSignedInUser } from '../helpers/factories.js';
import { INFORMATION, saveInformation } from '../helpers/invoices.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const informationOf = async (token: string) =>
  (await t.request({ method: 'GET', url: '/api/recharge/invoice/select', token })).json().data;

describe('invoice information', () => {
  it('is null before it is filled in, then reads back as saved', async () => {
    const { token } = await createSignedInUser(t);
    expect(await informationOf(token)).toBeNull();
    const saved = await saveInformation(t, token, { ...INFORMATION, taxNumber: '91110108ma01abcd2x' });
    expect(saved.statusCode).toBe(200);
    expect(await informationOf(token)).toEqual(INFORMATION);
  });

  it('is saved once and changed afterwards with upInvoice', async () => {
    const { token } = await createSignedInUser(t);
    await saveInformation(t, token);
    const again = await saveInformation(t, token, INFORMATION, 'en-US');
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe('The invoice information is already saved; change it instead');
    const changed = await t.request({
      method: 'PUT',
      url: '/api/recharge/invoice/upInvoice',
      token,
      payload: { ...INFORMATION, title: '上海算力有限公司', type: 'vatSpecial' },
    });
    expect(changed.statusCode).toBe(200);
    expect(await informationOf(token)).toMatchObject({ title: '上海算力有限公司', type: 'vatSpecial' });
  });

  it('cannot be changed before it exists', async () => {
    const { token } = await createSignedInUser(t);
    const changed = await t.request({
      method: 'PUT',
      url: '/api/recharge/invoice/upInvoice',
      token,
      payload: INFORMATION,
    });
    expect(changed.statusCode).toBe(404);
  });

  it('is another user’s own: one user never reads another’s', async () => {
    const owner = await createSignedInUser(t);
    const other = await createSignedInUser(t);
    await saveInformation(t, owner.token);
    expect(await informationOf(other.token)).toBeNull();
  });

  it.each([
    ['title', { title: ' ' }, 'Please enter the invoice title', '请输入发票抬头'],
    ['taxNumber', { taxNumber: '123' }, 'Please enter a correct taxpayer number', '请输入正确的纳税人识别号'],
    ['type', { type: 'vatOther' }, 'is not an allowed value', ''],
    ['contactName', { contactName: '' }, 'Please enter the contact name', '请输入联系人姓名'],
    ['phone', { phone: '12345' }, 'Please enter a correct phone number', ''],
    ['email', { email: 'not-mail' }, 'Please enter a correct e-mail address', ''],
    ['bank', { bank: '' }, 'Please enter the opening bank', '请输入开户银行'],
    ['account', { account: '' }, 'Please enter the bank account', '请输入银行账号'],
    ['address', { address: '' }, 'Please enter the address', '请输入地址'],
  ])('refuses a missing or wrong %s, naming it in both languages', async (field, change, english, chinese) => {
    const { token } = await createSignedInUser(t);
    const en = await saveInformation(t, token, { ...INFORMATION, ...change }, 'en-US');
    expect(en.statusCode).toBe(400);
    expect(en.json().data.field).toBe(field);
    expect(en.json().msg).toContain(english);
    const zh = await saveInformation(t, token, { ...INFORMATION, ...change }, 'zh-CN');
    expect(zh.json().msg).toContain(chinese);
    expect(await informationOf(token)).toBeNull();
  });
});
