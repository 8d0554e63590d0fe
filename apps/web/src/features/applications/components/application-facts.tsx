import { BillingMode } from '@suanli/contract';
import type { DescriptionsProps } from 'antd';
import type { TFunction } from 'i18next';
import type { ApplicationRow } from '../api/list-applications';

type Fact = NonNullable<DescriptionsProps['items']>[number];

/** What an application runs and how it is billed, as every description of it starts: its card and its page. */
export function applicationFacts(
  row: Pick<ApplicationRow, 'imageName' | 'gpuModel' | 'gpuCount' | 'regionName' | 'billingMode'>,
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
  ];
}
