import { InvoiceStatus, InvoiceType } from '@suanli/contract';
import { Button, Flex, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { DateTime } from '@/shared/ui/date-time';
import { MoneyText } from '@/shared/ui/money-text';
import { DeskTable } from '@/shared/ui/desk-table';
import { useInvoicePages, type InvoiceFilters as Filters, type InvoicePage, type InvoiceRow } from '../api/invoices';
import { useAdminFinanceTranslation } from '../use-admin-finance-translation';
import { invoicesCsv } from './finance-csv';
import { InvoiceDialog, type InvoiceVerb } from './invoice-dialog';
import { InvoiceFilters } from './invoice-filters';

const UNDER_REVIEW: readonly InvoiceStatus[] = ['submitted', 'modified'];

/**
 * Invoice applications with what they are made out to, under their status filter and with their CSV; one under review
 * is completed with its file or rejected.
 */
export function InvoicesTable() {
  const { t } = useAdminFinanceTranslation();
  const paged = useInvoicePages();
  const [deciding, setDeciding] = useState<{ verb: InvoiceVerb; application: InvoiceRow } | null>(null);
  const column = (key: string) => t(`invoices.columns.${key}`);
  const columns: TableColumnsType<InvoiceRow> = [
    { key: 'id', title: column('id'), dataIndex: 'id' },
    { key: 'userId', title: column('userId'), dataIndex: 'userId' },
    {
      key: 'title',
      title: column('title'),
      render: (_, row) => (
        <>
          <div>{row.details.title}</div>
          <div>{row.details.taxNumber}</div>
          <div>{t(`contract:${InvoiceType.labelKey(row.details.type)}`)}</div>
        </>
      ),
    },
    { key: 'amount', title: column('amount'), render: (_, row) => <MoneyText value={row.amount} />, align: 'right' },
    { key: 'remark', title: column('remark'), dataIndex: 'remark' },
    { key: 'status', title: column('status'), render: (_, row) => t(`contract:${InvoiceStatus.labelKey(row.status)}`) },
    { key: 'rejectionNote', title: column('rejectionNote'), dataIndex: 'rejectionNote' },
    { key: 'updateTime', title: column('updateTime'), render: (_, row) => <DateTime value={row.updateTime} /> },
    {
      key: 'actions',
      title: column('actions'),
      render: (_, row) =>
        UNDER_REVIEW.includes(row.status) ? (
          <Flex gap={8}>
            <Button
              size="small"
              type="primary"
              onClick={() => setDeciding({ verb: 'complete', application: row })}
              data-testid="invoice-complete-button"
            >
              {t('invoices.complete.button')}
            </Button>
            <Button
              size="small"
              danger
              onClick={() => setDeciding({ verb: 'reject', application: row })}
              data-testid="invoice-reject-button"
            >
              {t('invoices.reject.button')}
            </Button>
          </Flex>
        ) : null,
    },
  ];
  return (
    <>
      <DeskTable<InvoicePage, Filters>
        label={t('invoices.title')}
        minWidth={1100}
        toolbar={<InvoiceFilters onChange={(filters) => paged.change({ filters })} />}
        csvExport={{
          fileName: t('invoices.csv.fileName'),
          csv: (rows) => invoicesCsv(rows, t),
          testId: 'invoices-export',
        }}
        paged={paged}
        rowKey="id"
        columns={columns}
        emptyText={t('invoices.empty')}
        data-testid="invoices-table"
      />
      {deciding ? (
        <InvoiceDialog verb={deciding.verb} application={deciding.application} onClose={() => setDeciding(null)} />
      ) : null}
    </>
  );
}
