import { Divider } from 'antd';
import { GrantVoucherForm } from '@/features/admin-finance/components/grant-voucher-form';
import { RedeemBatchForm } from '@/features/admin-finance/components/redeem-batch-form';
import { RedeemBatchesTable } from '@/features/admin-finance/components/redeem-batches-table';
import { useAdminFinanceTranslation } from '@/features/admin-finance/use-admin-finance-translation';
import { PageHeader } from '@/shared/ui/page-header';

/** What the finance desk gives away: batches of redeem codes (and those made before), and a voucher or coupon to one user. */
export function RedeemPage() {
  const { t } = useAdminFinanceTranslation();
  return (
    <>
      <PageHeader title={t('redeem.title')} />
      <RedeemBatchForm />
      <Divider />
      <RedeemBatchesTable />
      <Divider />
      <GrantVoucherForm />
    </>
  );
}
