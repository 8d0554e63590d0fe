import { Descriptions, Skeleton, Typography } from 'antd';
import { MoneyText } from '@/shared/ui/money-text';
import { useDiscountText } from '@/shared/ui/use-discount-text';
import type { PriceQuote } from '../api/get-price-quote';
import { useApplicationsTranslation } from '../use-applications-translation';

interface PriceBreakdownProps {
  quote: PriceQuote | undefined;
  loading: boolean;
}

/**
 * The quote of spec §9, one line per factor: original price, duration discount, VIP discount and what is paid. Per
 * minute the total is an hour's price, billed minute by minute once the application runs (starting is not billed).
 */
export function PriceBreakdown({ quote, loading }: PriceBreakdownProps) {
  const { t } = useApplicationsTranslation();
  const discountText = useDiscountText();
  if (!quote) {
    return loading ? <Skeleton active paragraph={{ rows: 3 }} title={false} /> : null;
  }
  const perMinute = quote.billingMode === 'minute';
  const noDiscount = t('price.noDiscount');
  return (
    <Descriptions
      size="small"
      column={1}
      bordered
      data-testid="app-price"
      items={[
        {
          key: 'original',
          label: t('price.original'),
          children: <MoneyText value={quote.originalPrice} />,
        },
        {
          key: 'duration',
          label: t('price.durationDiscount'),
          children:
            quote.durationDiscountBasisPoints < 10_000 ? discountText(quote.durationDiscountBasisPoints) : noDiscount,
        },
        {
          key: 'vip',
          label: t('price.vipDiscount'),
          children:
            quote.vipDiscountBasisPoints < 10_000
              ? t('price.vip', { grade: quote.vipGrade, rate: discountText(quote.vipDiscountBasisPoints) })
              : noDiscount,
        },
        {
          key: 'total',
          label: t(perMinute ? 'price.hourly' : 'price.total'),
          children: perMinute ? (
            <span data-testid="app-price-total">
              ≈ <MoneyText value={quote.price} />
              {t('price.perHour')} <Typography.Text type="secondary">{t('price.perMinuteNote')}</Typography.Text>
            </span>
          ) : (
            <Typography.Text strong>
              <MoneyText value={quote.price} data-testid="app-price-total" />
            </Typography.Text>
          ),
        },
      ]}
    />
  );
}
