import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { VoucherTabs } from '@/features/wallet/components/voucher-tabs';
import { PageHeader } from '@/shared/ui/page-header';

/** Spec §2 coupons: those usable on GPU application orders, and those that ended. */
export default function CouponPage() {
  const { t } = useTranslation('routes');
  return (
    <>
      <PageHeader title={t('coupon.title')} />
      <Card>
        <VoucherTabs kind="coupons" />
      </Card>
    </>
  );
}
