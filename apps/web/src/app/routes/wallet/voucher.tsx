import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { VoucherTabs } from '@/features/wallet/components/voucher-tabs';
import { PageHeader } from '@/shared/ui/page-header';

/** Spec §2 vouchers: those usable on any charge, and those that ended. */
export default function VoucherPage() {
  const { t } = useTranslation('routes');
  return (
    <>
      <PageHeader title={t('voucher.title')} />
      <Card>
        <VoucherTabs kind="vouchers" />
      </Card>
    </>
  );
}
