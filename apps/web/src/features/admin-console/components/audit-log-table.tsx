import { OperatorArea } from '@suanli/contract';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateTime } from '@/shared/ui/date-time';
import { PagedTable } from '@/shared/ui/paged-table';
import type { AuditFilters, AuditPage, AuditRow } from '../api/list-audit-log';
import type { PagedQuery } from '@/shared/query/use-paged-query';
import { useAdminConsoleTranslation } from '../use-admin-console-translation';
import { AuditChangeCell } from './audit-change-cell';
import { operatorText } from './audit-csv';
import { ScrollRegion } from '@/shared/ui/scroll-region';

/** The audit log, newest first, one row per operator action: who, what, target, the change, why, request and time. */
export function AuditLogTable({ paged }: { paged: PagedQuery<AuditPage, AuditFilters> }) {
  const { t } = useAdminConsoleTranslation();
  const { t: tAny } = useTranslation();
  const column = (key: string) => t(`audit.columns.${key}`);
  const columns: TableColumnsType<AuditRow> = [
    { key: 'time', title: column('time'), render: (_, row) => <DateTime value={row.createTime} />, width: 170 },
    { key: 'operator', title: column('operator'), render: (_, row) => operatorText(row, tAny) },
    { key: 'area', title: column('area'), render: (_, row) => t(`contract:${OperatorArea.labelKey(row.area)}`) },
    { key: 'action', title: column('action'), dataIndex: 'action' },
    { key: 'target', title: column('target'), dataIndex: 'target' },
    { key: 'change', title: column('change'), render: (_, row) => <AuditChangeCell row={row} />, width: 280 },
    { key: 'reason', title: column('reason'), dataIndex: 'reason' },
    { key: 'requestId', title: column('requestId'), dataIndex: 'requestId' },
  ];
  return (
    <ScrollRegion label={t('pages.auditLog')} minWidth={1000}>
      <PagedTable<AuditPage, AuditFilters>
        paged={paged}
        rowKey="id"
        columns={columns}
        emptyText={t('audit.empty')}
        data-testid="audit-table"
      />
    </ScrollRegion>
  );
}
