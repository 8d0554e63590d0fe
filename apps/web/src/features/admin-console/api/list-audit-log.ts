import { operators, type OperatorArea } from '@suanli/contract';
import { http } from '@/shared/http';
import { usePagedQuery, type PageParams } from '@/shared/query/use-paged-query';
import { adminConsoleKeys } from './keys';

/** The audit log's filters: action and target match from their start; dates are business days, both included. */
export type AuditFilters = {
  operatorId?: string;
  area?: OperatorArea;
  action?: string;
  target?: string;
  startDate?: string;
  endDate?: string;
};

export type AuditPage = Awaited<ReturnType<typeof fetchAuditPage>>;
export type AuditRow = AuditPage['rows'][number];

export function fetchAuditPage({ pageNum, pageSize, sort: _sort, ...filters }: PageParams<AuditFilters>) {
  return http.call(operators.listAuditLog, { query: { pageNum, pageSize, ...filters } });
}

export function useAuditPages() {
  return usePagedQuery<AuditPage, AuditFilters>({ queryKey: adminConsoleKeys.auditLog(), fetcher: fetchAuditPage });
}
