import { invoices, type InvoiceStatus } from '@suanli/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http, putSigned } from '@/shared/http';
import { usePagedQuery, type PageParams } from '@/shared/query/use-paged-query';
import { adminFinanceKeys } from './keys';

export type InvoiceFilters = { status?: InvoiceStatus };
export type InvoicePage = Awaited<ReturnType<typeof fetchInvoicePage>>;
export type InvoiceRow = InvoicePage['rows'][number];

function fetchInvoicePage({ pageNum, pageSize, sort: _sort, ...filters }: PageParams<InvoiceFilters>) {
  return http.call(invoices.listInvoicesForOperators, { query: { pageNum, pageSize, ...filters } });
}

/** Every user's invoice applications, oldest first, opening on those submitted and waiting. */
export function useInvoicePages() {
  return usePagedQuery<InvoicePage, InvoiceFilters>({
    queryKey: adminFinanceKeys.invoices(),
    fetcher: fetchInvoicePage,
    initialFilters: { status: 'submitted' },
  });
}

export type InvoiceFileType = 'application/pdf' | 'image/png' | 'image/jpeg';

export type InvoiceDecision =
  | { verb: 'complete'; id: string; file: File; reason: string }
  | { verb: 'reject'; id: string; note: string; reason: string };

/** Puts the invoice file where the server signed for, then completes the application with it. */
async function complete({ id, file, reason }: { id: string; file: File; reason: string }) {
  const contentType = file.type as InvoiceFileType;
  const upload = await http.call(invoices.createInvoiceFileUpload, {
    params: { id },
    body: { contentType, reason },
    silent: true,
  });
  await putSigned({ url: upload.url, method: upload.method, contentType, body: file, onSent: () => undefined });
  return http.call(invoices.completeInvoice, {
    params: { id },
    body: { fileKey: upload.key, fileName: file.name, reason },
    silent: true,
  });
}

/** Completes an application with its invoice file, or rejects it with the note its user reads; silent, as the dialog reports. */
export function useDecideInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: InvoiceDecision) =>
      decision.verb === 'complete'
        ? complete(decision)
        : http.call(invoices.rejectInvoice, {
            params: { id: decision.id },
            body: { note: decision.note, reason: decision.reason },
            silent: true,
          }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminFinanceKeys.invoices() }),
  });
}
