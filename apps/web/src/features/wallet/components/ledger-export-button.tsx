import { DownloadOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { saveFile } from '@/shared/ui/save-file';
import { fetchLedgerRows, type LedgerFilters } from '../api/list-ledger';
import { LEDGER_EXPORT_LIMIT, ledgerCsv } from './ledger-csv';
import { useWalletTranslation } from '../use-wallet-translation';

interface LedgerExportButtonProps {
  /** The filters the table shows now; the file holds every row they select, not only the page on screen. */
  filters: LedgerFilters;
  disabled: boolean;
}

/** Downloads the filtered ledger as CSV, newest first, up to LEDGER_EXPORT_LIMIT rows, saying so when it stops there. */
export function LedgerExportButton({ filters, disabled }: LedgerExportButtonProps) {
  const { t } = useWalletTranslation();
  const { message } = App.useApp();
  const [exporting, setExporting] = useState(false);

  const exportRows = async () => {
    setExporting(true);
    // A failed page has been reported by the client; nothing is saved then.
    const result = await fetchLedgerRows(filters, LEDGER_EXPORT_LIMIT).catch(() => null);
    setExporting(false);
    if (!result) {
      return;
    }
    const fileName = `${t('ledger.export.fileName')}-${dayjs().format('YYYYMMDD-HHmmss')}.csv`;
    saveFile(fileName, ledgerCsv(result.rows, t), 'text/csv;charset=utf-8');
    if (result.total > result.rows.length) {
      void message.warning(t('ledger.export.truncated', { count: result.rows.length, total: result.total }));
    }
  };

  return (
    <Button
      icon={<DownloadOutlined />}
      loading={exporting}
      disabled={disabled}
      onClick={() => void exportRows()}
      data-testid="ledger-export"
    >
      {t('ledger.export.button')}
    </Button>
  );
}
