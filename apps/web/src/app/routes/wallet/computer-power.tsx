import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { GpuPriceTable } from '@/features/catalogue/components/gpu-price-table';
import { RegionAvailability } from '@/features/catalogue/components/region-availability';
import { PageHeader } from '@/shared/ui/page-header';

/**
 * Spec §2 `/computerPower`, open to guests: the GPU models on offer and what each costs per billing mode, then how many
 * are free in each region.
 */
export default function ComputerPowerPage() {
  const { t } = useTranslation('routes');
  return (
    <>
      <PageHeader title={t('computerPower.title')} />
      <Flex vertical gap={16}>
        <GpuPriceTable />
        <RegionAvailability />
      </Flex>
    </>
  );
}
