import { Alert, Button, Empty, Table, type TableColumnsType } from 'antd';
import { MoneyText } from '@/shared/ui/money-text';
import { ScrollRegion } from '@/shared/ui/scroll-region';
import { useLedgerCheck, type LedgerFinding } from '../api/ledger-check';
import { useAdminFinanceTranslation } from '../use-admin-finance-translation';

/**
 * The ledger check (`npm run ledger:check`) as the server runs it when asked: healthy when nothing fails, otherwise
 * each account or transfer that fails, what it holds and what it should.
 */
export function LedgerCheckView() {
  const { t } = useAdminFinanceTranslation();
  const check = useLedgerCheck();
  const column = (key: string) => t(`ledgerCheck.columns.${key}`);
  const columns: TableColumnsType<LedgerFinding> = [
    { key: 'kind', title: column('kind'), render: (_, row) => t(`ledgerCheck.kinds.${row.kind}`) },
    { key: 'userId', title: column('userId'), dataIndex: 'userId' },
    { key: 'account', title: column('account'), render: (_, row) => row.accountId ?? row.transferId },
    { key: 'accountKind', title: column('accountKind'), dataIndex: 'accountKind' },
    { key: 'balance', title: column('balance'), render: (_, row) => <MoneyText value={row.balance} />, align: 'right' },
    {
      key: 'expected',
      title: column('expected'),
      render: (_, row) => <MoneyText value={row.expected} />,
      align: 'right',
    },
    { key: 'brokenEntries', title: column('brokenEntries'), dataIndex: 'brokenEntries', align: 'right' },
  ];
  const data = check.data;
  return (
    <>
      <Button onClick={() => void check.refetch()} loading={check.isFetching} style={{ marginBottom: 16 }}>
        {t('ledgerCheck.run')}
      </Button>
      {data ? (
        <Alert
          type={data.findings.length === 0 ? 'success' : 'error'}
          showIcon
          style={{ marginBottom: 16 }}
          message={t(data.findings.length === 0 ? 'ledgerCheck.healthy' : 'ledgerCheck.failing', {
            count: data.findings.length,
            accounts: data.accounts,
            transfers: data.transfers,
          })}
          data-testid="ledger-check-summary"
        />
      ) : null}
      {data && data.findings.length > 0 ? (
        <ScrollRegion label={t('ledgerCheck.title')} minWidth={900}>
          <Table<LedgerFinding>
            rowKey={(row) => `${row.kind}:${row.accountId ?? row.transferId ?? row.userId}`}
            columns={columns}
            dataSource={data.findings}
            pagination={false}
            data-testid="ledger-check-findings"
          />
        </ScrollRegion>
      ) : null}
      {check.isPending ? <Empty description={t('ledgerCheck.running')} /> : null}
    </>
  );
}
