import { BillingMode } from '@suanli/contract';
import { Button, Table, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { ScrollRegion } from '@/shared/ui/scroll-region';
import { usePriceBook, type DurationDiscountRow, type GpuModelRow, type VipDiscountRow } from '../api/fleet-reads';
import { useAdminFleetTranslation } from '../use-admin-fleet-translation';
import { DurationDiscountDialog, GpuPriceDialog, VipDiscountDialog } from './price-dialogs';

const percent = (basisPoints: number) => `${(basisPoints / 100).toFixed(2).replace(/\.?0+$/, '')} %`;

/** GPU models with their prices and what one period of each billing mode costs at list price. */
export function GpuModelsTable() {
  const { t } = useAdminFleetTranslation();
  const book = usePriceBook();
  const [editing, setEditing] = useState<GpuModelRow | null>(null);
  const columns: TableColumnsType<GpuModelRow> = [
    { key: 'gpuModel', title: t('gpus.model'), dataIndex: 'gpuModel' },
    { key: 'memoryGb', title: t('prices.memoryGb'), dataIndex: 'memoryGb' },
    { key: 'hourly', title: t('prices.hourly'), dataIndex: 'hourlyPrice' },
    { key: 'education', title: t('prices.education'), render: (_, row) => row.educationHourlyPrice ?? '—' },
    ...BillingMode.values.map((mode) => ({
      key: mode,
      title: t(`contract:enums.billingMode.${mode}`),
      render: (_: unknown, row: GpuModelRow) => row.prices[mode],
    })),
    { key: 'managedBy', title: t('hosts.managedBy'), render: (_, row) => t(`managedBy.${row.managedBy}`) },
    {
      key: 'action',
      title: t('actions'),
      render: (_, row) => (
        <Button size="small" onClick={() => setEditing(row)} data-testid="fleet-price-edit">
          {t('prices.editButton')}
        </Button>
      ),
    },
  ];
  return (
    <>
      <ScrollRegion label={t('prices.title')} minWidth={960}>
        <Table<GpuModelRow>
          rowKey="gpuModel"
          size="small"
          columns={columns}
          dataSource={book.data?.models}
          loading={book.isPending}
          pagination={false}
          data-testid="fleet-models"
        />
      </ScrollRegion>
      {editing ? <GpuPriceDialog model={editing} onClose={() => setEditing(null)} /> : null}
    </>
  );
}

/** The duration discounts of the prepaid modes and the VIP grades' discounts, each changed from its row. */
export function DiscountTables() {
  const { t } = useAdminFleetTranslation();
  const book = usePriceBook();
  const [duration, setDuration] = useState<DurationDiscountRow | null>(null);
  const [vip, setVip] = useState<VipDiscountRow | null>(null);
  const edit = (onClick: () => void) => (
    <Button size="small" onClick={onClick} data-testid="fleet-discount-edit">
      {t('prices.editButton')}
    </Button>
  );
  const durationColumns: TableColumnsType<DurationDiscountRow> = [
    { key: 'mode', title: t('discounts.mode'), render: (_, row) => t(`contract:enums.billingMode.${row.billingMode}`) },
    { key: 'discount', title: t('discounts.rate'), render: (_, row) => percent(row.basisPoints) },
    { key: 'managedBy', title: t('hosts.managedBy'), render: (_, row) => t(`managedBy.${row.managedBy}`) },
    { key: 'action', title: t('actions'), render: (_, row) => edit(() => setDuration(row)) },
  ];
  const vipColumns: TableColumnsType<VipDiscountRow> = [
    { key: 'grade', title: t('discounts.grade'), render: (_, row) => `VIP ${row.grade}` },
    { key: 'growth', title: t('discounts.growth'), dataIndex: 'growthThreshold' },
    { key: 'discount', title: t('discounts.rate'), render: (_, row) => percent(row.basisPoints) },
    { key: 'action', title: t('actions'), render: (_, row) => edit(() => setVip(row)) },
  ];
  return (
    <>
      <Typography.Title level={2} style={{ fontSize: 18, marginTop: 24 }}>
        {t('discounts.durationTitle')}
      </Typography.Title>
      <ScrollRegion label={t('discounts.durationTitle')} minWidth={360}>
        <Table<DurationDiscountRow>
          rowKey="billingMode"
          size="small"
          columns={durationColumns}
          dataSource={book.data?.durationDiscounts}
          loading={book.isPending}
          pagination={false}
          data-testid="fleet-duration-discounts"
        />
      </ScrollRegion>
      <Typography.Title level={2} style={{ fontSize: 18, marginTop: 24 }}>
        {t('discounts.vipTitle')}
      </Typography.Title>
      <ScrollRegion label={t('discounts.vipTitle')} minWidth={360}>
        <Table<VipDiscountRow>
          rowKey="grade"
          size="small"
          columns={vipColumns}
          dataSource={book.data?.vipDiscounts}
          loading={book.isPending}
          pagination={false}
          data-testid="fleet-vip-discounts"
        />
      </ScrollRegion>
      {duration ? <DurationDiscountDialog row={duration} onClose={() => setDuration(null)} /> : null}
      {vip ? <VipDiscountDialog row={vip} onClose={() => setVip(null)} /> : null}
    </>
  );
}
