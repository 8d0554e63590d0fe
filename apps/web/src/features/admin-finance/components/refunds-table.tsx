import { PaymentChannel } from '@suanli/contract';
import { Badge, Button, Flex, Form, Input, type BadgeProps, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { DateTime } from '@/shared/ui/date-time';
import { MoneyText } from '@/shared/ui/money-text';
import { DeskTable } from '@/shared/ui/desk-table';
import {
  useRechargeOrderPages,
  type RechargeOrderFilters,
  type RechargeOrderPage,
  type RechargeOrderRow,
} from '../api/recharge-refunds';
import { useAdminFinanceTranslation } from '../use-admin-finance-translation';
import { refundsCsv } from './finance-csv';
import { RefundDialog } from './refund-dialog';

type RefundStatus = RechargeOrderRow['refunds'][number]['status'];
// A badge's dot carries the colour and its text stays in the body's: a coloured tag's text fails the contrast check.
const STATUS_BADGES: Record<RefundStatus, BadgeProps['status']> = {
  pending: 'processing',
  succeeded: 'success',
  refused: 'error',
};

/**
 * Paid WeChat Pay and Alipay recharges, newest first, found by order number or user, with their CSV: what was
 * refunded, and a refund.
 */
export function RefundsTable() {
  const { t } = useAdminFinanceTranslation();
  const paged = useRechargeOrderPages();
  const [refunding, setRefunding] = useState<RechargeOrderRow | null>(null);
  const column = (key: string) => t(`refunds.columns.${key}`);
  const columns: TableColumnsType<RechargeOrderRow> = [
    { key: 'orderNo', title: column('orderNo'), dataIndex: 'orderNo' },
    { key: 'userId', title: column('userId'), dataIndex: 'userId' },
    {
      key: 'channel',
      title: column('channel'),
      render: (_, row) => t(`contract:${PaymentChannel.labelKey(row.channel)}`),
    },
    { key: 'amount', title: column('amount'), render: (_, row) => <MoneyText value={row.amount} />, align: 'right' },
    {
      key: 'refunded',
      title: column('refunded'),
      render: (_, row) => <MoneyText value={row.refunded} />,
      align: 'right',
    },
    { key: 'paidTime', title: column('paidTime'), render: (_, row) => <DateTime value={row.paidTime} /> },
    {
      key: 'refunds',
      title: column('refunds'),
      render: (_, row) => (
        <Flex vertical gap={4}>
          {row.refunds.map((refund) => (
            <span key={refund.refundNo}>
              <MoneyText value={refund.amount} />{' '}
              <Badge status={STATUS_BADGES[refund.status]} text={t(`refunds.status.${refund.status}`)} />
            </span>
          ))}
        </Flex>
      ),
    },
    {
      key: 'actions',
      title: column('actions'),
      render: (_, row) =>
        row.refunded === row.amount ? null : (
          <Button size="small" danger onClick={() => setRefunding(row)} data-testid="refund-button">
            {t('refunds.refund.button')}
          </Button>
        ),
    },
  ];
  return (
    <>
      <DeskTable<RechargeOrderPage, RechargeOrderFilters>
        label={t('refunds.title')}
        minWidth={1100}
        toolbar={
          <Form<RechargeOrderFilters>
            layout="inline"
            onFinish={({ orderNo, userId }) =>
              paged.change({ filters: { orderNo: orderNo?.trim() || undefined, userId: userId?.trim() || undefined } })
            }
            style={{ rowGap: 8 }}
          >
            <Form.Item name="orderNo" label={t('refunds.filters.orderNo')}>
              <Input allowClear maxLength={32} style={{ width: 220 }} data-testid="refunds-filter-order" />
            </Form.Item>
            <Form.Item name="userId" label={t('refunds.filters.userId')}>
              <Input allowClear maxLength={18} style={{ width: 140 }} />
            </Form.Item>
            <Form.Item>
              <Button type="primary" htmlType="submit" data-testid="refunds-search">
                {t('refunds.filters.search')}
              </Button>
            </Form.Item>
          </Form>
        }
        csvExport={{
          fileName: t('refunds.csv.fileName'),
          csv: (rows) => refundsCsv(rows, t),
          testId: 'refunds-export',
        }}
        paged={paged}
        rowKey="orderNo"
        columns={columns}
        emptyText={t('refunds.empty')}
        data-testid="refunds-table"
      />
      {refunding ? <RefundDialog order={refunding} onClose={() => setRefunding(null)} /> : null}
    </>
  );
}
