import { useTranslation } from 'react-i18next';
import { MoneyText } from '@/shared/ui/money-text';
import type { GpuModelOffer } from '../api/list-gpu-models';
import styles from './catalogue.module.css';

interface HourlyPriceProps {
  imageId: string;
  /** The cheapest model the image runs on; null when none has the memory, undefined while the models load. */
  cheapest: GpuModelOffer | null | undefined;
}

/**
 * "From ¥0.78/h": what an hour of the cheapest GPU the image runs on costs, at the list price. Two plain keys around the
 * amount rather than <Trans>, whose parser would join the application center's first load.
 */
export function HourlyPrice({ imageId, cheapest }: HourlyPriceProps) {
  const { t } = useTranslation('catalogue');
  const testId = `image-price-${imageId}`;
  if (cheapest === undefined) {
    return <span data-testid={testId}>{t('card.priceLoading')}</span>;
  }
  if (cheapest === null) {
    return <span data-testid={testId}>{t('card.noFit')}</span>;
  }
  return (
    <span className={styles.price} data-testid={testId}>
      {t('card.from')} <MoneyText value={cheapest.prices.minute} />
      {t('card.perHour')}
    </span>
  );
}
