import { PaymentChannel } from '@suanli/contract';
import { Badge, Flex, Form, Switch, type TableColumnsType } from 'antd';
import { formatMoneyText } from '@/shared/format/money';
import { MoneyText } from '@/shared/ui/money-text';
import { DeskTable } from '@/shared/ui/desk-table';
import {
  useReconciliationPages,
  type ReconciliationFilters,
  type ReconciliationPage,
  type ReconciliationRow,
} from '../api/reconciliations';
import { useAdminFinanceTranslation } from '../use-admin-finance-translation';
import { reconciliationDifferences, reconciliationsCsv } from './finance-csv';

/**
 * Each channel's reconciled days, newest first, with their CSV: what matched, and every difference between the
 * provider and us.
 */
export function ReconciliationsTable() {
  const { t } = useAdminFinanceTranslation();
  const paged = useReconciliationPages();
  const column = (key: string) => t(`reconciliations.columns.${key}`);
  const differences = (row: ReconciliationRow) => reconciliationDifferences(row, t, formatMoneyText);
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
    <DeskTable<ReconciliationPage, ReconciliationFilters>
      label={t('reconciliations.title')}
      minWidth={1000}
      toolbar={
        <Form layout="inline">
          <Form.Item label={t('reconciliations.differencesOnly')}>
            <Switch
              checked={paged.params.differencesOnly === 'true'}
              onChange={(on) => paged.change({ filters: { differencesOnly: on ? 'true' : undefined } })}
              aria-label={t('reconciliations.differencesOnly')}
              data-testid="reconciliations-differences-only"
            />
          </Form.Item>
        </Form>
      }
      csvExport={{
        fileName: t('reconciliations.csv.fileName'),
        csv: (rows) => reconciliationsCsv(rows, t),
        testId: 'reconciliations-export',
      }}
      paged={paged}
      rowKey={(row: ReconciliationRow) => `${row.day}:${row.channel}`}
      columns={columns}
      emptyText={t('reconciliations.empty')}
      data-testid="reconciliations-table"
    />
  );
}
