import type { Locale } from '@suanli/contract';
import type { TestApp } from './build-test-app.js';

/** Invoice information that passes every rule of spec §5. */
export const INFORMATION = {
  title: '北京算力科技有限公司',
  taxNumber: '91110108MA01ABCD2X',
  type: 'vatGeneral',
  contactName: '张三',
  phone: '13800138000',
  email: 'finance@example.com',
  bank: '中国工商银行北京分行',
  account: '0200001234567890123',
  address: '北京市海淀区中关村大街 1 号',
} as const;

const BASE = '/api/recharge/invoice';

/** Saves the invoice information, as /invoicesMsg does the first time. */
export function saveInformation(t: TestApp, token: string, information: object = INFORMATION, locale?: Locale) {
  return t.request({ method: 'POST', url: `${BASE}/insert`, token, payload: information, locale });
}

/** Applies for an invoice, as /applyInvoice does: `(await applyForInvoice(t, token, '10.00')).json().data`. */
export function applyForInvoice(t: TestApp, token: string, amount: unknown, locale?: Locale, remark?: string) {
  const payload = amount === undefined ? { remark } : { amount, remark };
  return t.request({ method: 'POST', url: `${BASE}/createInvoiceAmountInfo`, token, payload, locale });
}

/** What may be invoiced now, as yuan text. */
export async function invoiceableOf(t: TestApp, token: string): Promise<string> {
  return (await t.request({ method: 'POST', url: `${BASE}/openInvoice`, token })).json().data.invoiceable;
}

export function changeApplication(
  t: TestApp,
  token: string,
  how: 'upInvoiceAmInfo' | 'submitInvoice',
  payload: { id: string; amount: unknown; remark?: string },
) {
  return t.request({ method: 'PUT', url: `${BASE}/${how}`, token, payload });
}

export function revokeApplication(t: TestApp, token: string, id: string) {
  return t.request({ method: 'DELETE', url: `${BASE}/revocationInvoice`, token, payload: { id } });
}

export async function applicationsOf(t: TestApp, token: string, query = '') {
  const response = await t.request({ method: 'GET', url: `${BASE}/selectInvoiceAmountInfo${query}`, token });
  return response.json().data as { total: number; rows: { id: string; status: string; amount: string }[] };
}

/** A finance operator's decision: `reject` with a note, or `complete` with an uploaded file's key and name. */
export function decideInvoice(
  t: TestApp,
  operatorToken: string,
  id: string,
  decision: { note: string } | { fileKey: string; fileName: string },
) {
  const verb = 'note' in decision ? 'reject' : 'complete';
  return t.request({
    method: 'POST',
    url: `/api/admin/finance/invoices/${id}/${verb}`,
    token: operatorToken,
    payload: { ...decision, reason: 'invoice review' },
  });
}

/** Uploads an invoice file through the operator's presigned link (the embedded store); answers its key. */
export async function uploadInvoiceFile(t: TestApp, operatorToken: string, id: string, bytes: Buffer) {
  const link = await t.request({
    method: 'POST',
    url: `/api/admin/finance/invoices/${id}/upload`,
    token: operatorToken,
    payload: { contentType: 'application/pdf', reason: 'the issued invoice' },
  });
  const { url, key } = link.json().data as { url: string; key: string };
  const stored = await t.app.inject({
    method: 'PUT',
    url,
    headers: { 'content-type': 'application/pdf' },
    payload: bytes,
  });
  if (stored.statusCode !== 200) {
    throw new Error(`upload failed: ${stored.statusCode} ${stored.body}`);
  }
  return key;
}
