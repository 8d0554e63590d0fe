import { TIMING } from '@suanli/contract';
import { Card, Skeleton, Statistic, Typography, Flex } from 'antd';
import { MoneyText } from '@/shared/ui/money-text';
import { useInvoiceableAmount } from '../api/get-invoiceable-amount';
import { useInvoicesTranslation } from '../use-invoices-translation';

/** What may be invoiced, what is under review and what was invoiced, with the rule and the 7-working-day promise. */
export function InvoiceAmountsCard() {
  const { t } = useInvoicesTranslation();
  const amounts = useInvoiceableAmount();
  return (
    <Card>
      {amounts.data ? (
        <Flex gap={48} wrap>
          <Statistic
            title={t('amounts.invoiceable')}
            valueRender={() => <MoneyText value={amounts.data.invoiceable} data-testid="invoiceable-amount" />}
          />
          <Statistic title={t('amounts.pending')} valueRender={() => <MoneyText value={amounts.data.pending} />} />
          <Statistic title={t('amounts.invoiced')} valueRender={() => <MoneyText value={amounts.data.invoiced} />} />
        </Flex>
      ) : (
        <Skeleton active paragraph={{ rows: 1 }} />
      )}
      <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 0 }}>
        {t('amounts.note', { days: amounts.data?.deliveryWorkingDays ?? TIMING.invoiceDeliveryWorkingDays })}
      </Typography.Paragraph>
    </Card>
  );
}
