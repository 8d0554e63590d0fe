import { BillingMode, DISKS } from '@suanli/contract';
import type { DescriptionsProps } from 'antd';
import type { TFunction } from 'i18next';
import type { ApplicationRow } from '../api/list-applications';

type Fact = NonNullable<DescriptionsProps['items']>[number];

/** The data disk in all: the free one and its expansion. */
export const dataDiskText = (row: Pick<ApplicationRow, 'id' | 'dataDiskGb'>, t: TFunction<'applications'>) => (
  <span data-testid={`app-disk-${row.id}`}>{t('view.disk', { gb: DISKS.freeDataDiskGb + row.dataDiskGb })}</span>
);

/** What an application runs and how it is billed, as every description of it starts: its card and its page. */
export function applicationFacts(
  row: Pick<ApplicationRow, 'id' | 'imageName' | 'gpuModel' | 'gpuCount' | 'regionName' | 'billingMode' | 'dataDiskGb'>,
  t: TFunction<'applications'>,
): Fact[] {
  return [
    { key: 'image', label: t('list.columns.image'), children: row.imageName },
    { key: 'gpu', label: t('list.columns.gpu'), children: t('list.gpu', { model: row.gpuModel, count: row.gpuCount }) },
    { key: 'region', label: t('list.columns.region'), children: row.regionName },
    {
      key: 'billing',
      label: t('list.columns.billingMode'),
      children: t(`contract:${BillingMode.labelKey(row.billingMode)}`),
    },
    { key: 'disk', label: t('create.disk.data'), children: dataDiskText(row, t) },
  ];
}
