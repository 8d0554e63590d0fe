import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { InvoiceInformationForm } from '@/features/invoices/components/invoice-information-form';
import { PageHeader } from '@/shared/ui/page-header';

/** Spec §2 `/invoicesMsg`: the invoice information applications are made out to. */
export default function InvoicesMsgPage() {
  const { t } = useTranslation('routes');
  return (
    <>
      <PageHeader title={t('invoicesMsg.title')} />
      <Card>
        <InvoiceInformationForm />
      </Card>
    </>
  );
}
