import { OperatorArea } from '@suanli/contract';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateTime } from '@/shared/ui/date-time';
import { DeskTable } from '@/shared/ui/desk-table';
import { useAuditPages, type AuditFilters, type AuditPage, type AuditRow } from '../api/list-audit-log';
import { useAdminConsoleTranslation } from '../use-admin-console-translation';
import { AuditChangeCell } from './audit-change-cell';
import { auditCsv, operatorText } from './audit-csv';
import { AuditLogFilters } from './audit-log-filters';

/**
 * The audit log, newest first, one row per operator action: who, what, target, the change, why, request and time;
 * its filters above, and the CSV of every row they select.
 */
export function AuditLogTable() {
  const { t } = useAdminConsoleTranslation();
  const { t: tAny } = useTranslation();
  const paged = useAuditPages();
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
    <DeskTable<AuditPage, AuditFilters>
      label={t('pages.auditLog')}
      minWidth={1000}
      toolbar={<AuditLogFilters onChange={(next) => paged.change({ filters: next })} />}
      csvExport={{ fileName: t('audit.export.fileName'), csv: (rows) => auditCsv(rows, tAny), testId: 'audit-export' }}
      paged={paged}
      rowKey="id"
      columns={columns}
      emptyText={t('audit.empty')}
      data-testid="audit-table"
    />
  );
}
