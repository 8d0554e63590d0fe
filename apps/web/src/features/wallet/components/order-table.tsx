import { OrderStatus } from '@suanli/contract';
import { Flex, Form, Select, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { DateRangeFilterItem, dateRangeFilter, type DateRangeValue } from '@/shared/ui/date-range-filter';
import { DateTime } from '@/shared/ui/date-time';
import { MoneyText } from '@/shared/ui/money-text';
import { PagedTable } from '@/shared/ui/paged-table';
import { useOrderPages, type OrderFilters, type OrderRow } from '../api/list-orders';
import { PendingOrderActions } from './pending-order-actions';
import { useWalletTranslation } from '../use-wallet-translation';

interface FilterValues {
  status?: OrderFilters['status'];
  dates?: DateRangeValue;
}

// Tag colours carry no meaning of their own: the status is always written out beside them.
const STATUS_COLOR: Partial<Record<OrderRow['status'], string>> = {
  paid: 'success',
  pendingPayment: 'processing',
  invalid: 'default',
  cancelled: 'default',
};

/**
 * The user's orders (spec §2 "order list with date filters and bill details"), newest first, paged and filtered on
 * the server. A start after the end is pointed out and not applied (DateRangeFilterItem).
 */
export function OrderTable() {
  const { t } = useWalletTranslation();
  const orders = useOrderPages();
  const filtered = Object.values({ ...orders.params, pageNum: undefined, pageSize: undefined }).some(
    (value) => value !== undefined,
  );
  const money = (value: string) => <MoneyText value={value} />;
  const columns: TableColumnsType<OrderRow> = [
    {
      key: 'orderNo',
      title: t('orders.columns.orderNo'),
      render: (_, row) => <Typography.Text copyable>{row.orderNo}</Typography.Text>,
    },
    {
      key: 'createTime',
      title: t('orders.columns.createTime'),
      render: (_, row) => <DateTime value={row.createTime} />,
    },
    {
      key: 'endTime',
      title: t('orders.columns.endTime'),
      render: (_, row) => (row.endTime ? <DateTime value={row.endTime} /> : '—'),
    },
    { key: 'productName', title: t('orders.columns.productName'), dataIndex: 'productName' },
    {
      key: 'status',
      title: t('orders.columns.status'),
      render: (_, row) => (
        <Tag color={STATUS_COLOR[row.status]}>{t(`contract:${OrderStatus.labelKey(row.status)}`)}</Tag>
      ),
    },
    {
      key: 'amount',
      title: t('orders.columns.amount'),
      align: 'right',
      render: (_, row) => <MoneyText value={row.amount} data-testid={`order-${row.orderNo}-amount`} />,
    },
    { key: 'voucher', title: t('orders.columns.voucher'), align: 'right', render: (_, row) => money(row.voucher) },
    {
      key: 'vipDiscount',
      title: t('orders.columns.vipDiscount'),
      align: 'right',
      render: (_, row) => money(row.vipDiscount),
    },
    {
      key: 'actualPayment',
      title: t('orders.columns.actualPayment'),
      align: 'right',
      render: (_, row) => money(row.actualPayment),
    },
    {
      key: 'actions',
      title: t('orders.columns.actions'),
      render: (_, row) => <PendingOrderActions row={row} />,
    },
  ];
  const billColumns: TableColumnsType<OrderRow['bills'][number]> = [
    { key: 'appName', title: t('orders.bills.appName'), dataIndex: 'appName' },
    { key: 'appId', title: t('orders.bills.appId'), dataIndex: 'appId' },
    { key: 'period', title: t('orders.bills.period'), dataIndex: 'period' },
    {
      key: 'billAmount',
      title: t('orders.bills.billAmount'),
      align: 'right',
      render: (_, bill) => <MoneyText value={bill.billAmount} data-testid="order-bill-amount" />,
    },
    {
      key: 'voucherPayment',
      title: t('orders.bills.voucherPayment'),
      align: 'right',
      render: (_, bill) => money(bill.voucherPayment),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <Form<FilterValues>
        layout="inline"
        onValuesChange={(_, { status, dates }) => orders.change({ filters: { status, ...dateRangeFilter(dates) } })}
        data-testid="order-filters"
      >
        <Form.Item name="status" label={t('orders.filters.status')}>
          <Select
            allowClear
            placeholder={t('ledger.filters.all')}
            style={{ width: 140 }}
            options={OrderStatus.values.map((value) => ({
              value,
              label: t(`contract:${OrderStatus.labelKey(value)}`),
            }))}
            data-testid="order-filter-status"
          />
        </Form.Item>
        <DateRangeFilterItem label={t('orders.filters.dates')} data-testid="order-filter-dates" />
      </Form>
      <PagedTable
        paged={orders}
        columns={columns}
        rowKey="orderNo"
        onRow={(row) => ({ 'data-testid': `order-${row.orderNo}` }) as object}
        scroll={{ x: 'max-content' }}
        expandable={{
          // A recharge has no bills: the column of expand buttons shows only when a row on the page has some.
          showExpandColumn: orders.rows.some((row) => row.bills.length > 0),
          rowExpandable: (row) => row.bills.length > 0,
          expandedRowRender: (row) => (
            <Table
              size="small"
              title={() => t('orders.bills.title')}
              data-testid={`order-${row.orderNo}-bills`}
              columns={billColumns}
              dataSource={row.bills}
              rowKey="period"
              pagination={false}
            />
          ),
        }}
        emptyText={t(filtered ? 'orders.emptyFiltered' : 'orders.empty')}
        data-testid="order-table"
      />
    </Flex>
  );
}
