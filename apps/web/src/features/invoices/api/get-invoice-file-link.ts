import { invoices } from '@suanli/contract';
import { http } from '@/shared/http';

/** A fresh download link of a completed invoice, asked for at the click: links live a few minutes. */
export function getInvoiceFileLink(id: string) {
  return http.call(invoices.getInvoiceFileLink, { query: { id } });
}
