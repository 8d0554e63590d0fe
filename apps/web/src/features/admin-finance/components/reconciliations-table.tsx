import { PaymentChannel } from '@suanli/contract';
import { Badge, Flex, Form, Switch, type TableColumnsType } from 'antd';
import { formatMoneyText } from '@/shared/format/money';
import { MoneyText } from '@/shared/ui/money-text';
import { PagedTable } from '@/shared/ui/paged-table';
import { ScrollRegion } from '@/shared/ui/scroll-region';
import {
  useReconciliationPages,
  type ReconciliationFilters,
  type ReconciliationPage,
  type ReconciliationRow,
} from '../api/reconciliations';
import { useAdminFinanceTranslation } from '../use-admin-finance-translation';

/** Each channel's reconciled days, newest first: what matched, and every difference between the provider and us. */
export function ReconciliationsTable() {
  const { t } = useAdminFinanceTranslation();
  const paged = useReconciliationPages();
  const column = (key: string) => t(`reconciliations.columns.${key}`);
  const differences = (row: ReconciliationRow) => [
    ...row.missingAtProvider.map((order) =>
      t('reconciliations.missingAtProvider', { orderNo: order.orderNo, amount: formatMoneyText(order.amount) }),
    ),
    ...row.missingAsOrders.map((payment) =>
      t('reconciliations.missingAsOrder', {
        orderNo: payment.orderNo,
        tradeNo: payment.tradeNo,
        amount: formatMoneyText(payment.amount),
      }),
    ),
    ...row.mismatches.map((mismatch) =>
      t('reconciliations.mismatch', {
        orderNo: mismatch.orderNo,
        orderAmount: formatMoneyText(mismatch.orderAmount),
        providerAmount: formatMoneyText(mismatch.providerAmount),
      }),
    ),
  ];
  const columns: TableColumnsType<ReconciliationRow> = [
    { key: 'day', title: column('day'), dataIndex: 'day' },
    {
      key: 'channel',
      title: column('channel'),
      render: (_, row) => t(`contract:${PaymentChannel.labelKey(row.channel)}`),
    },
    {
      key: 'status',
      title: column('status'),
      render: (_, row) => {
        const found = differences(row).length;
        // Badges rather than coloured tags: a tag's green text on its light green fails the contrast check.
        if (row.status === 'due') {
          return <Badge status="default" text={t('reconciliations.due')} />;
        }
        return found === 0 ? (
          <Badge status="success" text={t('reconciliations.balanced')} />
        ) : (
          <Badge status="error" text={t('reconciliations.differences', { count: found })} />
        );
      },
    },
    { key: 'matchedCount', title: column('matchedCount'), dataIndex: 'matchedCount', align: 'right' },
    {
      key: 'matchedAmount',
      title: column('matchedAmount'),
      render: (_, row) => <MoneyText value={row.matchedAmount} />,
      align: 'right',
    },
    {
      key: 'differences',
      title: column('differences'),
      render: (_, row) => (
        <Flex vertical gap={4}>
          {differences(row).map((line) => (
            <span key={line}>{line}</span>
          ))}
        </Flex>
      ),
    },
  ];
  return (
    <>
      <Form layout="inline" style={{ marginBottom: 16 }}>
        <Form.Item label={t('reconciliations.differencesOnly')}>
          <Switch
            checked={paged.params.differencesOnly === 'true'}
            onChange={(on) => paged.change({ filters: { differencesOnly: on ? 'true' : undefined } })}
            aria-label={t('reconciliations.differencesOnly')}
            data-testid="reconciliations-differences-only"
          />
        </Form.Item>
      </Form>
      <ScrollRegion label={t('reconciliations.title')} minWidth={1000}>
        <PagedTable<ReconciliationPage, ReconciliationFilters>
          paged={paged}
          rowKey={(row) => `${row.day}:${row.channel}`}
          columns={columns}
          emptyText={t('reconciliations.empty')}
          data-testid="reconciliations-table"
        />
      </ScrollRegion>
    </>
  );
}
