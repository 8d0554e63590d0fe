import { formatMoney, money, parseMoney, type Locale } from '@suanli/contract';
import { Alert, Empty, Flex, Segmented, Spin, theme, Typography } from 'antd';
import dayjs from 'dayjs';
import { useId, useState } from 'react';
import { formatDateTime } from '@/shared/format/date-time';
import { formatMoneyText } from '@/shared/format/money';
import { errorText, isHttpError } from '@/shared/http';
import { DAYJS_LOCALES } from '@/shared/i18n';
import { useInterfaceSettings } from '@/shared/stores/interface-settings-store';
import { BarChart, type BarGroup } from '@/shared/ui/bar-chart';
import {
  useIncomeExpenseSummary,
  type IncomeExpenseGranularity,
  type IncomeExpenseSummary,
} from '../api/get-income-expense-summary';
import type { LedgerFilters } from '../api/list-ledger';
import { useWalletTranslation } from '../use-wallet-translation';

const HEIGHT = 240;
// The legend under the bars (marginTop 8, one line): the loading and empty states take the chart's whole height, so
// the ledger below does not move when the answer comes (a signed-in page is painted before it: decision 0043).
const BODY_HEIGHT = HEIGHT + 30;
// Money in units of 0.0001 yuan: the axis steps by whole cents at least.
const CENT = 100n;

const formatUnits = (units: bigint) => formatMoneyText(formatMoney(money(units)));

const rangeOf = (summary: IncomeExpenseSummary, language: Locale) => ({
  start: formatDateTime(summary.startDate, language, 'date'),
  end: formatDateTime(summary.endDate, language, 'date'),
});

function groupsOf(summary: IncomeExpenseSummary, language: Locale, monthFormat: string): BarGroup[] {
  return summary.buckets.map(({ period, income, expense }) => {
    const byDay = summary.granularity === 'day';
    return {
      key: period,
      label: byDay ? period.slice(5) : period,
      title: byDay
        ? formatDateTime(period, language, 'date')
        : dayjs(`${period}-01`).locale(DAYJS_LOCALES[language]).format(monthFormat),
      values: { income: parseMoney(income) ?? 0n, expense: parseMoney(expense) ?? 0n },
    };
  });
}

type SummaryQuery = ReturnType<typeof useIncomeExpenseSummary>;

/** Bars once the server has answered; until then, or instead, what is happening: loading, nothing moved, refused. */
function ChartBody({ summary }: { summary: SummaryQuery }) {
  const { t } = useWalletTranslation();
  const { token } = theme.useToken();
  const language = useInterfaceSettings((state) => state.appLanguage);
  const data = summary.data;
  if (summary.isError) {
    const failure = isHttpError(summary.error) ? errorText(summary.error, t) : null;
    return (
      <Alert type="warning" showIcon title={failure ?? t('http:errors.unknown')} data-testid="income-expense-error" />
    );
  }
  if (!data) {
    return (
      <Flex
        vertical
        align="center"
        justify="center"
        gap={8}
        style={{ height: BODY_HEIGHT }}
        data-testid="income-expense-loading"
      >
        <Spin />
        <Typography.Text type="secondary">{t('ledger.chart.loading')}</Typography.Text>
      </Flex>
    );
  }
  if (!data.buckets.some((bucket) => parseMoney(bucket.income) || parseMoney(bucket.expense))) {
    return (
      <Flex vertical justify="center" style={{ height: BODY_HEIGHT }}>
        <Empty description={t('ledger.chart.empty')} data-testid="income-expense-empty" />
      </Flex>
    );
  }
  return (
    <BarChart
      caption={t(`ledger.chart.caption.${data.granularity}`, rangeOf(data, language))}
      groupHeading={t(`ledger.chart.${data.granularity}`)}
      series={[
        { key: 'income', label: t('ledger.chart.income'), color: token.colorSuccess },
        { key: 'expense', label: t('ledger.chart.expense'), color: token.colorError },
      ]}
      groups={groupsOf(data, language, t('ledger.chart.monthFormat'))}
      formatValue={formatUnits}
      minTickStep={CENT}
      height={HEIGHT}
    />
  );
}

/**
 * The income and expense of the ledger's filters as bars by business day or month (issue 10), above the ledger
 * table and drawn for the same filters; without dates, the last 30 days or 12 months.
 */
export function IncomeExpenseChart({ filters }: { filters: LedgerFilters }) {
  const { t } = useWalletTranslation();
  const language = useInterfaceSettings((state) => state.appLanguage);
  const titleId = useId();
  const [granularity, setGranularity] = useState<IncomeExpenseGranularity>('day');
  const summary = useIncomeExpenseSummary(granularity, filters);

  return (
    <section aria-labelledby={titleId} aria-busy={summary.isFetching} data-testid="income-expense-chart">
      <Flex justify="space-between" align="center" gap={8} wrap style={{ marginBottom: 12 }}>
        {/* The dates on a line of their own, kept while they load, so their arrival moves nothing. */}
        <Flex vertical>
          {/* The page's second level under its <h1> (heading order), drawn at the size of a card's title. */}
          <Typography.Title level={2} id={titleId} style={{ margin: 0, fontSize: 16 }}>
            {t('ledger.chart.title')}
          </Typography.Title>
          <Typography.Text type="secondary" data-testid={summary.data ? 'income-expense-range' : undefined}>
            {summary.data ? t('ledger.chart.range', rangeOf(summary.data, language)) : '\u00a0'}
          </Typography.Text>
        </Flex>
        <Segmented<IncomeExpenseGranularity>
          aria-label={t('ledger.chart.granularity')}
          value={granularity}
          onChange={setGranularity}
          options={[
            { value: 'day', label: t('ledger.chart.byDay') },
            { value: 'month', label: t('ledger.chart.byMonth') },
          ]}
          data-testid="income-expense-granularity"
        />
      </Flex>
      <ChartBody summary={summary} />
    </section>
  );
}
