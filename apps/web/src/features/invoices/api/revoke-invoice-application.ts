import { invoices } from '@suanli/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/shared/http';
import { invoiceKeys } from './keys';

export function useRevokeInvoiceApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => http.call(invoices.revokeInvoiceApplication, { body: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invoiceKeys.all }),
  });
}
