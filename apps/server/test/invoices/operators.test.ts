import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { createSignedInUser } from '../helpers/factories.js';
import {
  applicationsOf,
  applyForInvoice,
  changeApplication,
  decideInvoice,
  invoiceableOf,
  revokeApplication,
  saveInformation,
  uploadInvoiceFile,
} from '../helpers/invoices.js';
import { auditRowsOf, createOperator } from '../helpers/operators.js';
import { fund } from '../helpers/wallets.js';

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'suanli-invoices-'));
  t = await buildTestApp({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const PDF = Buffer.from('%PDF-1.7\nan invoice\n%%EOF\n');

/** A customer who recharged 100 and applied for `amount`; answers their token and the application's id. */
async function applicationFor(amount = '60') {
  const user = await createSignedInUser(t);
  await saveInformation(t, user.token);
  await fund(t, user.userId, '100');
  const id = (await applyForInvoice(t, user.token, amount)).json().data.id as string;
  return { ...user, id };
}

describe('finance operators', () => {
  it('alone may list, upload to, complete or reject applications', async () => {
    const { id } = await applicationFor();
    const support = await createOperator(t, ['support']);
    const list = await t.request({ method: 'GET', url: '/api/admin/finance/invoices', token: support.token });
    expect(list.statusCode).toBe(403);
    expect((await decideInvoice(t, support.token, id, { note: 'no' })).statusCode).toBe(403);
  });

  it('list what is under review with what each is made out to', async () => {
    const { id, userId } = await applicationFor('12.34');
    const finance = await createOperator(t, ['finance']);
    const response = await t.request({
      method: 'GET',
      url: '/api/admin/finance/invoices?status=submitted&pageSize=100',
      token: finance.token,
    });
    const row = response.json().data.rows.find((candidate: { id: string }) => candidate.id === id);
    expect(row).toMatchObject({
      userId: String(userId),
      amount: '12.34',
      details: { taxNumber: '91110108MA01ABCD2X' },
    });
  });

  it('reject with a note the user reads, and the amount becomes invoiceable again; the user may resubmit it', async () => {
    const { id, token } = await applicationFor('60');
    const finance = await createOperator(t, ['finance']);
    const rejected = await decideInvoice(t, finance.token, id, { note: '纳税人识别号有误' });
    expect(rejected.statusCode).toBe(200);
    expect((await applicationsOf(t, token)).rows[0]).toMatchObject({
      status: 'rejected',
      rejectionNote: '纳税人识别号有误',
    });
    expect(await invoiceableOf(t, token)).toBe('100.00');
    expect((await revokeApplication(t, token, id)).statusCode).toBe(409);
    const tooMuch = await changeApplication(t, token, 'submitInvoice', { id, amount: '100.01' });
    expect(tooMuch.statusCode).toBe(422);
    const again = await changeApplication(t, token, 'submitInvoice', { id, amount: '50' });
    expect(again.json().data).toMatchObject({ status: 'submitted', amount: '50.00', rejectionNote: null });
    expect(await invoiceableOf(t, token)).toBe('50.00');
    const [audit] = await auditRowsOf(t, finance.userId);
    expect(audit).toMatchObject({ action: 'invoices.reject', target: `invoice-application:${id}`, area: 'finance' });
  });

  it('complete with the uploaded file, which the user downloads under its name; the amount stays invoiced', async () => {
    const { id, token } = await applicationFor('60');
    const finance = await createOperator(t, ['finance']);
    const fileKey = await uploadInvoiceFile(t, finance.token, id, PDF);
    const completed = await decideInvoice(t, finance.token, id, { fileKey, fileName: '发票 60.pdf' });
    expect(completed.statusCode).toBe(200);
    expect(completed.json().data).toMatchObject({ status: 'completed', hasFile: true });
    const amounts = (await t.request({ method: 'POST', url: '/api/recharge/invoice/openInvoice', token })).json().data;
    expect(amounts).toMatchObject({ invoiceable: '40.00', invoiced: '60.00', pending: '0.00' });
    const link = await t.request({ method: 'GET', url: `/api/recharge/invoice/fileLink?id=${id}`, token });
    const download = await t.app.inject({ method: 'GET', url: link.json().data.url });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PDF)).toBe(true);
    expect(download.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('发票 60.pdf')}`);
    expect((await revokeApplication(t, token, id)).statusCode).toBe(409);
    expect((await decideInvoice(t, finance.token, id, { note: 'late' })).statusCode).toBe(409);
    expect((await auditRowsOf(t, finance.userId)).map((row) => row.action)).toEqual([
      'invoices.createUpload',
      'invoices.complete',
    ]);
  });

  it('cannot complete without an uploaded file of the application, and nobody else downloads it', async () => {
    const { id, token } = await applicationFor('60');
    const other = await applicationFor('10');
    const finance = await createOperator(t, ['finance']);
    const missing = await decideInvoice(t, finance.token, id, {
      fileKey: `invoices/${id}/none.pdf`,
      fileName: 'a.pdf',
    });
    expect(missing.statusCode).toBe(422);
    const foreignKey = await uploadInvoiceFile(t, finance.token, other.id, PDF);
    const foreign = await decideInvoice(t, finance.token, id, { fileKey: foreignKey, fileName: 'a.pdf' });
    expect(foreign.statusCode).toBe(422);
    expect((await applicationsOf(t, token)).rows[0]!.status).toBe('submitted');
    const link = await t.request({
      method: 'GET',
      url: `/api/recharge/invoice/fileLink?id=${id}`,
      token,
      locale: 'en-US',
    });
    expect(link.statusCode).toBe(409);
    expect(link.json().msg).toBe('This invoice has no file to download yet');
    const stranger = await t.request({
      method: 'GET',
      url: `/api/recharge/invoice/fileLink?id=${id}`,
      token: other.token,
    });
    expect(stranger.statusCode).toBe(404);
  });

  it('refuse a file that is not the PDF it was uploaded as, and remove it', async () => {
    const { id, token } = await applicationFor('60');
    const finance = await createOperator(t, ['finance']);
    const fileKey = await uploadInvoiceFile(t, finance.token, id, Buffer.from('<html>not an invoice</html>'));
    const refused = await decideInvoice(t, finance.token, id, { fileKey, fileName: 'a.pdf' });
    expect(refused.statusCode).toBe(422);
    expect((await applicationsOf(t, token)).rows[0]!.status).toBe('submitted');
    const again = await decideInvoice(t, finance.token, id, { fileKey, fileName: 'a.pdf' });
    expect(again.json().msg).toBe('发票文件尚未上传');
  });

  it('need a note to reject, named in the caller’s language', async () => {
    const { id } = await applicationFor();
    const finance = await createOperator(t, ['finance']);
    const response = await t.request({
      method: 'POST',
      url: `/api/admin/finance/invoices/${id}/reject`,
      token: finance.token,
      locale: 'zh-CN',
      payload: { note: ' ', reason: 'review' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toContain('请输入驳回原因');
  });
});
