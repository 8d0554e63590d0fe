import { PaymentStatus } from '@suanli/contract';
import { Button, Flex, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { DateTime } from '@/shared/ui/date-time';
import { MoneyText } from '@/shared/ui/money-text';
import { DeskTable } from '@/shared/ui/desk-table';
import {
  useBankOrderPages,
  type BankOrderFilters as Filters,
  type BankOrderPage,
  type BankOrderRow,
} from '../api/bank-orders';
import { useAdminFinanceTranslation } from '../use-admin-finance-translation';
import { BankOrderDialog, type BankOrderVerb } from './bank-order-dialog';
import { BankOrderFilters } from './bank-order-filters';
import { bankOrdersCsv } from './finance-csv';

/**
 * Bank-transfer orders, oldest first, under their filters and with their CSV: a pending one is confirmed against the
 * amount on the statement or rejected; a rejected one may still be confirmed when its money turns up late.
 */
export function BankOrdersTable() {
  const { t } = useAdminFinanceTranslation();
  const paged = useBankOrderPages();
  const [deciding, setDeciding] = useState<{ verb: BankOrderVerb; order: BankOrderRow } | null>(null);
  const column = (key: string) => t(`bankOrders.columns.${key}`);
  const columns: TableColumnsType<BankOrderRow> = [
    { key: 'orderNo', title: column('orderNo'), dataIndex: 'orderNo' },
    { key: 'userId', title: column('userId'), dataIndex: 'userId' },
    { key: 'amount', title: column('amount'), render: (_, row) => <MoneyText value={row.amount} />, align: 'right' },
    { key: 'status', title: column('status'), render: (_, row) => t(`contract:${PaymentStatus.labelKey(row.status)}`) },
    { key: 'createTime', title: column('createTime'), render: (_, row) => <DateTime value={row.createTime} /> },
    {
      key: 'endTime',
      title: column('endTime'),
      render: (_, row) => (row.endTime ? <DateTime value={row.endTime} /> : null),
    },
    {
      key: 'actions',
      title: column('actions'),
      render: (_, row) => (
        <Flex gap={8}>
          {row.status === 'pending' || row.status === 'closed' ? (
            <Button
              size="small"
              type="primary"
              onClick={() => setDeciding({ verb: 'confirm', order: row })}
              data-testid="bank-order-confirm-button"
            >
              {t('bankOrders.confirm.button')}
            </Button>
          ) : null}
          {row.status === 'pending' ? (
            <Button
              size="small"
              danger
              onClick={() => setDeciding({ verb: 'reject', order: row })}
              data-testid="bank-order-reject-button"
            >
              {t('bankOrders.reject.button')}
            </Button>
          ) : null}
        </Flex>
      ),
    },
  ];
  return (
    <>
      <DeskTable<BankOrderPage, Filters>
        label={t('bankOrders.title')}
        minWidth={900}
        toolbar={<BankOrderFilters onChange={(filters) => paged.change({ filters })} />}
        csvExport={{
          fileName: t('bankOrders.csv.fileName'),
          csv: (rows) => bankOrdersCsv(rows, t),
          testId: 'bank-orders-export',
        }}
        paged={paged}
        rowKey="orderNo"
        columns={columns}
        emptyText={t('bankOrders.empty')}
        data-testid="bank-orders-table"
      />
      {deciding ? (
        <BankOrderDialog verb={deciding.verb} order={deciding.order} onClose={() => setDeciding(null)} />
      ) : null}
    </>
  );
}
