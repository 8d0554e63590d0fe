import { invoices } from '@suanli/contract';
import { useQuery } from '@tanstack/react-query';
import { http } from '@/shared/http';
import { invoiceKeys } from './keys';

/** What may be invoiced now (openInvoice), beside what is under review and what was invoiced. */
export function useInvoiceableAmount() {
  return useQuery({
    queryKey: invoiceKeys.amounts(),
    queryFn: () => http.call(invoices.getInvoiceableAmount),
  });
}
