import { ApplicationStatus, OrderStatus, TransactionType } from '@suanli/contract';
import { Tabs, type TableColumnsType } from 'antd';
import { DateTime } from '@/shared/ui/date-time';
import { PagedTable } from '@/shared/ui/paged-table';
import { ScrollRegion } from '@/shared/ui/scroll-region';
import {
  useUserApplications,
  useUserLedger,
  useUserOrders,
  type ApplicationPage,
  type LedgerPage,
  type OrderPage,
} from '../api/users-reads';
import { useAdminUsersTranslation } from '../use-admin-users-translation';

function LedgerTable({ userId }: { userId: string }) {
  const { t } = useAdminUsersTranslation();
  const paged = useUserLedger(userId);
  const columns: TableColumnsType<LedgerPage['rows'][number]> = [
    { key: 'time', title: t('history.time'), render: (_, row) => <DateTime value={row.createTime} /> },
    {
      key: 'type',
      title: t('history.type'),
      render: (_, row) => t(`contract:${TransactionType.labelKey(row.transactionType)}`),
    },
    {
      key: 'amount',
      title: t('history.amount'),
      render: (_, row) => `${row.direction === 'income' ? '+' : '-'}${row.actualAmount}`,
    },
    { key: 'balance', title: t('history.balance'), dataIndex: 'balance' },
    { key: 'orderNo', title: t('history.orderNo'), dataIndex: 'orderNo' },
  ];
  return (
    <ScrollRegion label={t('history.ledger')} minWidth={640}>
      <PagedTable<LedgerPage> paged={paged} rowKey="entryId" columns={columns} data-testid="user-ledger" />
    </ScrollRegion>
  );
}

function OrdersTable({ userId }: { userId: string }) {
  const { t } = useAdminUsersTranslation();
  const paged = useUserOrders(userId);
  const columns: TableColumnsType<OrderPage['rows'][number]> = [
    { key: 'time', title: t('history.time'), render: (_, row) => <DateTime value={row.createTime} /> },
    { key: 'product', title: t('history.product'), dataIndex: 'productName' },
    {
      key: 'status',
      title: t('history.status'),
      render: (_, row) => t(`contract:${OrderStatus.labelKey(row.status)}`),
    },
    { key: 'paid', title: t('history.amount'), dataIndex: 'actualPayment' },
    { key: 'orderNo', title: t('history.orderNo'), dataIndex: 'orderNo' },
  ];
  return (
    <ScrollRegion label={t('history.orders')} minWidth={640}>
      <PagedTable<OrderPage> paged={paged} rowKey="orderNo" columns={columns} data-testid="user-orders" />
    </ScrollRegion>
  );
}

function ApplicationsTable({ userId }: { userId: string }) {
  const { t } = useAdminUsersTranslation();
  const paged = useUserApplications(userId);
  const columns: TableColumnsType<ApplicationPage['rows'][number]> = [
    { key: 'name', title: t('history.application'), dataIndex: 'appName' },
    { key: 'gpu', title: t('history.gpu'), dataIndex: 'gpuModel' },
    {
      key: 'status',
      title: t('history.status'),
      render: (_, row) => t(`contract:${ApplicationStatus.labelKey(row.status)}`),
    },
    { key: 'cost', title: t('history.amount'), dataIndex: 'cost' },
  ];
  return (
    <ScrollRegion label={t('history.applications')} minWidth={560}>
      <PagedTable<ApplicationPage> paged={paged} rowKey="id" columns={columns} data-testid="user-applications" />
    </ScrollRegion>
  );
}

/** The account's ledger, orders and applications, each paged by the server. */
export function UserHistory({ userId }: { userId: string }) {
  const { t } = useAdminUsersTranslation();
  return (
    <Tabs
      items={[
        { key: 'ledger', label: t('history.ledger'), children: <LedgerTable userId={userId} /> },
        { key: 'orders', label: t('history.orders'), children: <OrdersTable userId={userId} /> },
        { key: 'applications', label: t('history.applications'), children: <ApplicationsTable userId={userId} /> },
      ]}
    />
  );
}
