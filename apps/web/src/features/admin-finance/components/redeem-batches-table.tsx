import { DownloadOutlined } from '@ant-design/icons';
import { App, Button, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { DateTime } from '@/shared/ui/date-time';
import { MoneyText } from '@/shared/ui/money-text';
import { DeskTable } from '@/shared/ui/desk-table';
import { fetchBatchCodes, useRedeemBatchPages, type RedeemBatchPage, type RedeemBatchRow } from '../api/redeem-batches';
import { useAdminFinanceTranslation } from '../use-admin-finance-translation';
import { saveBatchCsv } from './redeem-codes-csv';

/** The batches made so far, newest first: how many codes, how many used, their amount and last day, and their CSV. */
export function RedeemBatchesTable() {
  const { t } = useAdminFinanceTranslation();
  const { message } = App.useApp();
  const paged = useRedeemBatchPages();
  const [exporting, setExporting] = useState<string | null>(null);
  const column = (key: string) => t(`redeem.batches.columns.${key}`);

  const exportBatch = async (row: RedeemBatchRow) => {
    setExporting(row.batchId);
    try {
      saveBatchCsv(await fetchBatchCodes(row.batchId), (key) => t(`redeem.batch.${key}`));
    } catch {
      void message.error(t('redeem.batches.exportFailed'));
    } finally {
      setExporting(null);
    }
  };

  const columns: TableColumnsType<RedeemBatchRow> = [
    { key: 'name', title: column('name'), dataIndex: 'name' },
    { key: 'amount', title: column('amount'), render: (_, row) => <MoneyText value={row.amount} />, align: 'right' },
    { key: 'count', title: column('count'), dataIndex: 'count', align: 'right' },
    { key: 'used', title: column('used'), dataIndex: 'used', align: 'right' },
    { key: 'lastDay', title: column('lastDay'), render: (_, row) => row.lastDay ?? t('redeem.batches.noEnd') },
    { key: 'createdBy', title: column('createdBy'), dataIndex: 'createdBy' },
    { key: 'createTime', title: column('createTime'), render: (_, row) => <DateTime value={row.createTime} /> },
    {
      key: 'actions',
      title: column('actions'),
      render: (_, row) => (
        <Button
          size="small"
          icon={<DownloadOutlined />}
          loading={exporting === row.batchId}
          onClick={() => void exportBatch(row)}
          data-testid="redeem-batches-export"
        >
          {t('redeem.batches.export')}
        </Button>
      ),
    },
  ];
  return (
    <>
      <Typography.Title level={2} style={{ fontSize: 18 }}>
        {t('redeem.batches.title')}
      </Typography.Title>
      <DeskTable<RedeemBatchPage>
        label={t('redeem.batches.title')}
        minWidth={900}
        paged={paged}
        rowKey="batchId"
        columns={columns}
        emptyText={t('redeem.batches.empty')}
        data-testid="redeem-batches-table"
      />
    </>
  );
}
