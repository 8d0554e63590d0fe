import { invoices, LIMITS } from '@suanli/contract';
import { useQuery } from '@tanstack/react-query';
import { http } from '@/shared/http';
import { usePagedQuery, type PageParams } from '@/shared/query/use-paged-query';
import { invoiceKeys } from './keys';

export type InvoiceApplicationPage = Awaited<ReturnType<typeof fetchApplications>>;
export type InvoiceApplication = InvoiceApplicationPage['rows'][number];

function fetchApplications({ pageNum, pageSize }: PageParams) {
  return http.call(invoices.listInvoiceApplications, { query: { pageNum, pageSize } });
}

export function useInvoiceApplicationPages() {
  return usePagedQuery<InvoiceApplicationPage>({
    queryKey: invoiceKeys.applications(),
    fetcher: fetchApplications,
  });
}

/**
 * One application, for the edit page opened by its id: looked up among the newest page of the most the server pages
 * by, which holds any application a user still edits (those under review or rejected are recent).
 */
export function useInvoiceApplication(id: string | null) {
  const params = { pageNum: 1, pageSize: LIMITS.pageSizeMax };
  return useQuery({
    queryKey: [...invoiceKeys.applications(), params],
    queryFn: () => fetchApplications(params),
    enabled: id !== null,
    select: (page) => page.rows.find((row) => row.id === id) ?? null,
  });
}
