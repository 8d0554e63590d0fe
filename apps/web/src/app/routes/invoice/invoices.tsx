import { Button, Card, Flex, Space } from 'antd';
import { useNavigate } from 'react-router';
import { InvoiceAmountsCard } from '@/features/invoices/components/invoice-amounts-card';
import { InvoiceApplicationsTable } from '@/features/invoices/components/invoice-applications-table';
import { PageHeader } from '@/shared/ui/page-header';
import { useInvoicesTranslation } from '@/features/invoices/use-invoices-translation';

/** Spec §2 `/invoices`: what may be invoiced, and the applications with their status, edit, revoke and download. */
export default function InvoicesPage() {
  const { t } = useInvoicesTranslation();
  const navigate = useNavigate();
  return (
    <>
      <PageHeader
        title={t('routes:invoices.title')}
        extra={
          <Space>
            <Button onClick={() => void navigate('/invoicesMsg')} data-testid="invoice-information-link">
              {t('list.information')}
            </Button>
            <Button type="primary" onClick={() => void navigate('/applyInvoice')} data-testid="invoice-apply-link">
              {t('list.apply')}
            </Button>
          </Space>
        }
      />
      <Flex vertical gap={16}>
        <InvoiceAmountsCard />
        <Card>
          <InvoiceApplicationsTable onChange={(application) => void navigate(`/changeInvoice?id=${application.id}`)} />
        </Card>
      </Flex>
    </>
  );
}
