import { Typography } from 'antd';
import { formatMoneyText } from '@/shared/format/money';
import { useDestroyQuote } from '../api/get-destroy-quote';
import { useApplicationsTranslation } from '../use-applications-translation';

/** In the destroy confirmation: what comes back (the unused prepaid time less the refund fee), or plainly nothing. */
export function DestroyRefundNote({ id }: { id: string }) {
  const { t } = useApplicationsTranslation();
  const quote = useDestroyQuote(id);
  if (quote.isPending) {
    return <Typography.Paragraph type="secondary">{t('destroy.refund.loading')}</Typography.Paragraph>;
  }
  if (quote.isError) {
    return <Typography.Paragraph type="warning">{t('destroy.refund.unknown')}</Typography.Paragraph>;
  }
  const { refund, amount, fee } = quote.data;
  const text =
    refund === '0.00'
      ? t('destroy.refund.none')
      : t('destroy.refund.some', {
          refund: formatMoneyText(refund),
          amount: formatMoneyText(amount),
          fee: formatMoneyText(fee),
        });
  return (
    <Typography.Paragraph strong data-testid="app-destroy-refund" data-refund={refund}>
      {text}
    </Typography.Paragraph>
  );
}
