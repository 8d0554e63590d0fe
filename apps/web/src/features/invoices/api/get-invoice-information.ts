import { invoices } from '@suanli/contract';
import { useQuery } from '@tanstack/react-query';
import { http } from '@/shared/http';
import { invoiceKeys } from './keys';

export function useInvoiceInformation() {
  return useQuery({
    queryKey: invoiceKeys.information(),
    queryFn: () => http.call(invoices.getInvoiceInformation),
  });
}
