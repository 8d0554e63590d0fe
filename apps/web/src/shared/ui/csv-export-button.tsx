import { DownloadOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchAllRows, type PageReader } from '../query/fetch-all-rows';
import { saveFile } from './save-file';

export interface CsvExport<Row> {
  /** The file's name before its time stamp and `.csv`. */
  fileName: string;
  /** The rows as a CSV file (shared/format/csv.ts), headed in the reader's language. */
  csv: (rows: readonly Row[]) => string;
  testId: string;
}

interface CsvExportButtonProps<Row> extends CsvExport<Row> {
  readPage: PageReader<Row>;
  keyOf: (row: Row) => string;
}

/**
 * Downloads every row of a list as its filters select them, in its order, up to EXPORT_ROW_LIMIT rows, saying so when
 * it stops there. A page that fails has been reported by the client; nothing is saved then.
 */
export function CsvExportButton<Row>({ readPage, keyOf, fileName, csv, testId }: CsvExportButtonProps<Row>) {
  const { t } = useTranslation('common');
  const { message } = App.useApp();
  const [exporting, setExporting] = useState(false);

  const exportRows = async () => {
    setExporting(true);
    const result = await fetchAllRows(readPage, keyOf).catch(() => null);
    setExporting(false);
    if (!result) {
      return;
    }
    saveFile(`${fileName}-${dayjs().format('YYYYMMDD-HHmmss')}.csv`, csv(result.rows), 'text/csv;charset=utf-8');
    if (result.total > result.rows.length) {
      void message.warning(t('table.exportTruncated', { count: result.rows.length, total: result.total }));
    }
  };

  return (
    <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportRows()} data-testid={testId}>
      {t('table.export')}
    </Button>
  );
}
