import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { OrderTable } from '@/features/wallet/components/order-table';
import { PageHeader } from '@/shared/ui/page-header';

/** Spec §2 order list: the user's orders with date filters and bill details. */
export default function MyOrderPage() {
  const { t } = useTranslation('routes');
  return (
    <>
      <PageHeader title={t('myOrder.title')} />
      <Card>
        <OrderTable />
      </Card>
    </>
  );
}
