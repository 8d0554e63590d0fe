import { invoices } from '@suanli/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/shared/http';
import { invoiceKeys } from './keys';

export interface InvoiceApplicationInput {
  amount: string;
  remark?: string | undefined;
}

/** Applies, edits an application under review, or submits a rejected one again: each changes amounts and the list. */
export function useInvoiceApplicationMutation(target: { kind: 'apply' } | { kind: 'edit' | 'resubmit'; id: string }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InvoiceApplicationInput) => {
      if (target.kind === 'apply') {
        return http.call(invoices.applyForInvoice, { body: input });
      }
      const endpoint = target.kind === 'edit' ? invoices.editInvoiceApplication : invoices.resubmitInvoiceApplication;
      return http.call(endpoint, { body: { ...input, id: target.id } });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invoiceKeys.all }),
  });
}
