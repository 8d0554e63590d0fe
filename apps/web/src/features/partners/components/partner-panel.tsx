import { Space } from 'antd';
import { CreatorIncomeCard, KolIncomeCard } from './income-tables';
import { PartnerOverview } from './partner-overview';
import { WithdrawalsTable } from './withdrawals-table';

/** The KOL and creator programme (spec §2 /reward): channel, earnings, KOL data, creator income, withdrawals. */
export function PartnerPanel() {
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <PartnerOverview />
      <KolIncomeCard />
      <CreatorIncomeCard />
      <WithdrawalsTable />
    </Space>
  );
}
