import { PowerPackage } from '@suanli/contract';
import { Empty, Table, type TableColumnsType } from 'antd';
import { DateTime } from '@/shared/ui/date-time';
import { MoneyText } from '@/shared/ui/money-text';
import { useMyPowerPackages, type MyPowerPackage } from '../api/list-my-power-packages';
import { PointsText } from './points-text';
import { usePowerTranslation } from '../use-power-translation';

/** The user's running packages: how many months are issued, when the next month's points come, when it ends. */
export function ActivePackages() {
  const { t } = usePowerTranslation();
  const packages = useMyPowerPackages();
  const columns: TableColumnsType<MyPowerPackage> = [
    {
      key: 'package',
      title: t('myPackages.columns.package'),
      render: (_, row) => t(`contract:${PowerPackage.labelKey(row.package)}`),
    },
    {
      key: 'monthlyPoints',
      title: t('myPackages.columns.monthlyPoints'),
      align: 'right',
      render: (_, row) => <PointsText value={row.monthlyPoints} />,
    },
    {
      key: 'progress',
      title: t('myPackages.columns.progress'),
      render: (_, row) => t('myPackages.progress', { issued: row.monthsIssued, months: row.months }),
    },
    {
      key: 'nextIssue',
      title: t('myPackages.columns.nextIssue'),
      render: (_, row) => (row.nextIssueTime ? <DateTime value={row.nextIssueTime} /> : t('myPackages.allIssued')),
    },
    {
      key: 'end',
      title: t('myPackages.columns.end'),
      render: (_, row) => <DateTime value={row.endTime} format="date" />,
    },
    {
      key: 'price',
      title: t('myPackages.columns.price'),
      align: 'right',
      render: (_, row) => <MoneyText value={row.price} />,
    },
  ];
  return (
    <Table<MyPowerPackage>
      columns={columns}
      dataSource={packages.data?.rows ?? []}
      rowKey="orderNo"
      loading={packages.isPending}
      pagination={false}
      size="small"
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: packages.isPending ? <span /> : <Empty description={t('myPackages.empty')} /> }}
      data-testid="power-my-packages"
    />
  );
}
