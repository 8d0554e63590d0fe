import { DownloadOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveFile } from '@/shared/ui/save-file';
import { fetchAuditRows, type AuditFilters } from '../api/list-audit-log';
import { useAdminConsoleTranslation } from '../use-admin-console-translation';
import { AUDIT_EXPORT_LIMIT, auditCsv } from './audit-csv';

/** Downloads the filtered audit log as CSV, newest first, up to AUDIT_EXPORT_LIMIT rows, saying so when it stops there. */
export function AuditExportButton({ filters }: { filters: AuditFilters }) {
  const { t } = useAdminConsoleTranslation();
  const { t: tAny } = useTranslation();
  const { message } = App.useApp();
  const [exporting, setExporting] = useState(false);

  const exportRows = async () => {
    setExporting(true);
    // A failed page has been reported by the client; nothing is saved then.
    const result = await fetchAuditRows(filters, AUDIT_EXPORT_LIMIT).catch(() => null);
    setExporting(false);
    if (!result) {
      return;
    }
    const fileName = `${t('audit.export.fileName')}-${dayjs().format('YYYYMMDD-HHmmss')}.csv`;
    saveFile(fileName, auditCsv(result.rows, tAny), 'text/csv;charset=utf-8');
    if (result.total > result.rows.length) {
      void message.warning(t('audit.export.truncated', { count: result.rows.length, total: result.total }));
    }
  };

  return (
    <Button
      icon={<DownloadOutlined />}
      loading={exporting}
      onClick={() => void exportRows()}
      data-testid="audit-export"
    >
      {t('audit.export.button')}
    </Button>
  );
}
