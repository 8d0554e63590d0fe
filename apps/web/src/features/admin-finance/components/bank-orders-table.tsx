import { PaymentStatus } from '@suanli/contract';
import { Button, Flex, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { DateTime } from '@/shared/ui/date-time';
import { MoneyText } from '@/shared/ui/money-text';
import { PagedTable } from '@/shared/ui/paged-table';
import type { PagedQuery } from '@/shared/query/use-paged-query';
import { ScrollRegion } from '@/shared/ui/scroll-region';
import type { BankOrderFilters, BankOrderPage, BankOrderRow } from '../api/bank-orders';
import { useAdminFinanceTranslation } from '../use-admin-finance-translation';
import { BankOrderDialog, type BankOrderVerb } from './bank-order-dialog';

/**
 * Bank-transfer orders, oldest first: a pending one is confirmed against the amount on the statement or rejected; a
 * rejected one may still be confirmed when its money turns up late.
 */
export function BankOrdersTable({ paged }: { paged: PagedQuery<BankOrderPage, BankOrderFilters> }) {
  const { t } = useAdminFinanceTranslation();
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
      <ScrollRegion label={t('bankOrders.title')} minWidth={900}>
        <PagedTable<BankOrderPage, BankOrderFilters>
          paged={paged}
          rowKey="orderNo"
          columns={columns}
          emptyText={t('bankOrders.empty')}
          data-testid="bank-orders-table"
        />
      </ScrollRegion>
      {deciding ? (
        <BankOrderDialog verb={deciding.verb} order={deciding.order} onClose={() => setDeciding(null)} />
      ) : null}
    </>
  );
}
