import { Alert, Card, Flex, Skeleton } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useInvoiceApplication } from '@/features/invoices/api/list-invoice-applications';
import { InvoiceAmountsCard } from '@/features/invoices/components/invoice-amounts-card';
import { InvoiceApplicationForm } from '@/features/invoices/components/invoice-application-form';
import { PageHeader } from '@/shared/ui/page-header';
import { useInvoicesTranslation } from '@/features/invoices/use-invoices-translation';

/** Spec §2 `/changeInvoice?id=…`: edit an application under review, or correct a rejected one and submit it again. */
export default function ChangeInvoicePage() {
  const { t } = useInvoicesTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const application = useInvoiceApplication(search.get('id'));
  const editable = application.data && ['submitted', 'modified', 'rejected'].includes(application.data.status);
  return (
    <>
      <PageHeader title={t('routes:changeInvoice.title')} />
      <Flex vertical gap={16}>
        <InvoiceAmountsCard />
        <Card>
          {application.isLoading ? (
            <Skeleton active paragraph={{ rows: 4 }} />
          ) : editable && application.data ? (
            <InvoiceApplicationForm application={application.data} onDone={() => void navigate('/invoices')} />
          ) : (
            <Alert
              type="warning"
              showIcon
              title={t('apply.notFound')}
              action={<Link to="/invoices">{t('apply.back')}</Link>}
            />
          )}
        </Card>
      </Flex>
    </>
  );
}
