import { Alert, Button, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { MoneyText } from '@/shared/ui/money-text';
import { useDiscountText } from '@/shared/ui/use-discount-text';
import cardStyles from '@/shared/ui/card-catalogue.module.css';
import { useHourlyQuotes, type GpuPriceQuote } from '../api/get-gpu-price';
import { useGpuModels, type GpuModelOffer } from '../api/list-gpu-models';
import { useViewer } from '../api/use-viewer';
import styles from './catalogue.module.css';
import { Panel } from './panel';

const PERIODS = [
  ['minute', 'power.perHour'],
  ['day', 'power.perDay'],
  ['week', 'power.perWeek'],
  ['month', 'power.perMonth'],
  ['year', 'power.perYear'],
] as const;

function Price({ value, testId }: { value: string; testId?: string }) {
  return <MoneyText value={value} data-testid={testId} />;
}

/** The caller's own discount, when one applies: a VIP grade's, or the education price. */
function ownDiscount(quote: GpuPriceQuote | undefined) {
  if (!quote || (quote.vipDiscountBasisPoints >= 10_000 && !quote.education)) {
    return null;
  }
  return quote;
}

function DiscountNote({ quote }: { quote: GpuPriceQuote }) {
  const { t } = useTranslation('catalogue');
  const discountText = useDiscountText();
  const vip =
    quote.vipDiscountBasisPoints < 10_000
      ? t('power.vipNote', { grade: quote.vipGrade, discount: discountText(quote.vipDiscountBasisPoints) })
      : null;
  const education = quote.education ? t('power.educationNote') : null;
  return (
    <Alert
      type="success"
      showIcon
      title={[vip, education].filter(Boolean).join(' ')}
      style={{ marginBottom: 12 }}
      data-testid="gpu-discount-note"
    />
  );
}

function ModelRow({ model, quote, showOwn }: { model: GpuModelOffer; quote?: GpuPriceQuote; showOwn: boolean }) {
  const { t } = useTranslation('catalogue');
  const testId = `gpu-model-${model.gpuModel}`;
  return (
    <tr data-testid={testId}>
      <th scope="row">{model.gpuModel}</th>
      <td>{t('power.memoryGb', { gb: model.memoryGb })}</td>
      {PERIODS.map(([period]) => (
        <td key={period}>
          <Price value={model.prices[period]} testId={`${testId}-${period}`} />
        </td>
      ))}
      <td data-testid={`${testId}-education`}>
        {model.educationHourlyPrice ? <Price value={model.educationHourlyPrice} /> : t('power.none')}
      </td>
      {showOwn ? (
        <td>
          {quote ? <Price value={quote.price} testId={`${testId}-own`} /> : <Skeleton.Input size="small" active />}
        </td>
      ) : null}
    </tr>
  );
}

/**
 * /computerPower: every GPU model with its memory and the list price of one GPU per hour (billed per minute), day,
 * week, month and year, the education price per hour where set, and, for a signed-in user with a discount of their
 * own (VIP grade, education), their price per hour as the server quotes it.
 */
export function GpuPriceTable() {
  const { t } = useTranslation('catalogue');
  const models = useGpuModels();
  const { signedIn } = useViewer();
  const names = (models.data ?? []).map((model) => model.gpuModel);
  const quotes = useHourlyQuotes(names, signedIn);
  // One quote tells the caller's grade and roles; the others give each model's own price.
  const discount = ownDiscount(quotes[0]?.data);

  if (models.isPending) {
    return (
      <Panel>
        <Skeleton active paragraph={{ rows: 5 }} />
      </Panel>
    );
  }
  if (models.isError) {
    return (
      <Panel>
        <div className={cardStyles.state} role="alert" data-testid="gpu-models-error">
          <span>{t('power.error')}</span>
          <Button onClick={() => void models.refetch()}>{t('power.retry')}</Button>
        </div>
      </Panel>
    );
  }
  return (
    <Panel>
      <p style={{ marginTop: 0 }}>{t('power.note')}</p>
      {discount ? <DiscountNote quote={discount} /> : null}
      <div className={styles.table} role="region" aria-label={t('power.tableLabel')} tabIndex={0}>
        <table data-testid="gpu-models">
          <thead>
            <tr>
              <th scope="col">{t('power.model')}</th>
              <th scope="col">{t('power.memory')}</th>
              {PERIODS.map(([period, label]) => (
                <th scope="col" key={period}>
                  {t(label)}
                </th>
              ))}
              <th scope="col">{t('power.education')}</th>
              {discount ? <th scope="col">{t('power.vip')}</th> : null}
            </tr>
          </thead>
          <tbody>
            {models.data.map((model, index) => (
              <ModelRow key={model.gpuModel} model={model} quote={quotes[index]?.data} showOwn={discount !== null} />
            ))}
          </tbody>
        </table>
      </div>
    </Panel>
  );
}
