import { Card, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { InvoiceAmountsCard } from '@/features/invoices/components/invoice-amounts-card';
import { InvoiceApplicationForm } from '@/features/invoices/components/invoice-application-form';
import { PageHeader } from '@/shared/ui/page-header';

/** Spec §2 `/applyInvoice`: an amount (and remark) to be invoiced to the saved invoice information. */
export default function ApplyInvoicePage() {
  const { t } = useTranslation('routes');
  const navigate = useNavigate();
  return (
    <>
      <PageHeader title={t('applyInvoice.title')} />
      <Flex vertical gap={16}>
        <InvoiceAmountsCard />
        <Card>
          <InvoiceApplicationForm onDone={() => void navigate('/invoices')} />
        </Card>
      </Flex>
    </>
  );
}
