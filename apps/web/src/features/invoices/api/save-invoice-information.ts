import { invoices, type EndpointInput } from '@suanli/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/shared/http';
import { invoiceKeys } from './keys';

export type InvoiceInformationInput = EndpointInput<typeof invoices.createInvoiceInformation>['body'];

/** Saves the information the first time (insert), or changes what is saved (upInvoice). */
export function useSaveInvoiceInformation(exists: boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InvoiceInformationInput) =>
      http.call(exists ? invoices.updateInvoiceInformation : invoices.createInvoiceInformation, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invoiceKeys.information() }),
  });
}
