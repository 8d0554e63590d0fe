import { WithdrawalStatus } from '@suanli/contract';
import { Button, Flex, Form, Select, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { DateTime } from '@/shared/ui/date-time';
import { MoneyText } from '@/shared/ui/money-text';
import { DeskTable } from '@/shared/ui/desk-table';
import {
  useWithdrawalPages,
  type WithdrawalFilters,
  type WithdrawalPage,
  type WithdrawalRow,
} from '../api/withdrawals';
import { useAdminFinanceTranslation } from '../use-admin-finance-translation';
import { withdrawalsCsv } from './finance-csv';
import { WithdrawalDialog, type WithdrawalVerb } from './withdrawal-dialog';

type Status = WithdrawalRow['status'];

/**
 * Partners' withdrawals in one status, submitted first, paged, with their CSV: who is paid what, and the decision on
 * those waiting.
 */
export function WithdrawalsTable() {
  const { t } = useAdminFinanceTranslation();
  const paged = useWithdrawalPages();
  const [deciding, setDeciding] = useState<{ verb: WithdrawalVerb; withdrawal: WithdrawalRow } | null>(null);
  const column = (key: string) => t(`withdrawals.columns.${key}`);
  const money = (value: string) => <MoneyText value={value} />;
  const columns: TableColumnsType<WithdrawalRow> = [
    { key: 'id', title: column('id'), dataIndex: 'id' },
    { key: 'userId', title: column('userId'), dataIndex: 'userId' },
    { key: 'payeeName', title: column('payeeName'), dataIndex: 'payeeName' },
    { key: 'amount', title: column('amount'), render: (_, row) => money(row.amount), align: 'right' },
    { key: 'fee', title: column('fee'), render: (_, row) => money(row.fee), align: 'right' },
    { key: 'payout', title: column('payout'), render: (_, row) => money(row.payout), align: 'right' },
    {
      key: 'status',
      title: column('status'),
      render: (_, row) => t(`contract:${WithdrawalStatus.labelKey(row.status)}`),
    },
    { key: 'rejectNote', title: column('rejectNote'), dataIndex: 'rejectNote' },
    { key: 'applyTime', title: column('applyTime'), render: (_, row) => <DateTime value={row.applyTime} /> },
    {
      key: 'actions',
      title: column('actions'),
      render: (_, row) =>
        row.status === 'submitted' ? (
          <Flex gap={8}>
            <Button
              size="small"
              type="primary"
              onClick={() => setDeciding({ verb: 'complete', withdrawal: row })}
              data-testid="withdrawal-complete-button"
            >
              {t('withdrawals.complete.button')}
            </Button>
            <Button
              size="small"
              danger
              onClick={() => setDeciding({ verb: 'reject', withdrawal: row })}
              data-testid="withdrawal-reject-button"
            >
              {t('withdrawals.reject.button')}
            </Button>
          </Flex>
        ) : null,
    },
  ];
  return (
    <>
      <DeskTable<WithdrawalPage, WithdrawalFilters>
        label={t('withdrawals.title')}
        minWidth={1100}
        toolbar={
          <Form layout="inline">
            <Form.Item label={t('withdrawals.filters.status')}>
              <Select<Status>
                value={paged.params.status ?? 'submitted'}
                onChange={(status) => paged.change({ filters: { status } })}
                style={{ width: 160 }}
                options={WithdrawalStatus.values.map((value) => ({
                  value,
                  label: t(`contract:${WithdrawalStatus.labelKey(value)}`),
                }))}
                aria-label={t('withdrawals.filters.status')}
                data-testid="withdrawals-filter-status"
              />
            </Form.Item>
          </Form>
        }
        csvExport={{
          fileName: t('withdrawals.csv.fileName'),
          csv: (rows) => withdrawalsCsv(rows, t),
          testId: 'withdrawals-export',
        }}
        paged={paged}
        rowKey="id"
        columns={columns}
        emptyText={t('withdrawals.empty')}
        data-testid="withdrawals-table"
      />
      {deciding ? (
        <WithdrawalDialog verb={deciding.verb} withdrawal={deciding.withdrawal} onClose={() => setDeciding(null)} />
      ) : null}
    </>
  );
}
