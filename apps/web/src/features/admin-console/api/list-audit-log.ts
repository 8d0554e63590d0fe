import { LIMITS, operators, type OperatorArea } from '@suanli/contract';
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

/**
 * Every row the filters select, newest first, up to `limit`, read in the largest pages the server gives, with the
 * total it counted. A row written meanwhile shifts the pages by one, so rows are kept once by their id.
 */
export async function fetchAuditRows(filters: AuditFilters, limit: number) {
  const rows = new Map<string, AuditRow>();
  let total = 0;
  for (let pageNum = 1; rows.size < limit; pageNum += 1) {
    const page = await fetchAuditPage({ ...filters, pageNum, pageSize: LIMITS.pageSizeMax });
    total = page.total;
    for (const row of page.rows) {
      rows.set(row.id, row);
    }
    if (page.rows.length < LIMITS.pageSizeMax) {
      break;
    }
  }
  return { rows: [...rows.values()].slice(0, limit), total };
}
