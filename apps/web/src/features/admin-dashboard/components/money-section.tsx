import { formatMoney, money, parseMoney, type Locale } from '@suanli/contract';
import { Empty, theme, Typography } from 'antd';
import dayjs from 'dayjs';
import { formatDateTime } from '@/shared/format/date-time';
import { formatMoneyText } from '@/shared/format/money';
import { useInterfaceSettings } from '@/shared/stores/interface-settings-store';
import { BarChart, type BarGroup } from '@/shared/ui/bar-chart';
import { useMoneyFigures, type MoneyFigures } from '../api/dashboard-reads';
import { useAdminDashboardTranslation } from '../use-admin-dashboard-translation';
import { DashboardSection } from './dashboard-section';
import { FigureCards } from './figure-cards';

// Money in units of 0.0001 yuan: the axis steps by whole cents at least.
const CENT = 100n;
const formatUnits = (units: bigint) => formatMoneyText(formatMoney(money(units)));

/** Every day of the range, oldest first, each with what each product earned (nothing earned: 0). */
function revenueGroups(revenue: MoneyFigures['revenue'], language: Locale): BarGroup[] {
  const groups: BarGroup[] = [];
  for (let day = dayjs(revenue.startDate); !day.isAfter(dayjs(revenue.endDate)); day = day.add(1, 'day')) {
    const key = day.format('YYYY-MM-DD');
    const values: Record<string, bigint> = {};
    for (const row of revenue.rows.filter((each) => each.day === key)) {
      values[row.product] = parseMoney(row.amount) ?? 0n;
    }
    groups.push({ key, label: key.slice(5), title: formatDateTime(key, language, 'date'), values });
  }
  return groups;
}

// The products the range earned from, read from its rows: the browser's contract has no zod enums to list them
// (vite-plugins/contract-paths.ts), so `wallet.RevenueProduct` is undefined there.
const earnedFrom = (revenue: MoneyFigures['revenue']) => [...new Set(revenue.rows.map((row) => row.product))].sort();

/** Finance's part: recharges today and this month, what users hold, and revenue by product and day. */
export function MoneySection() {
  const { t } = useAdminDashboardTranslation();
  const { token } = theme.useToken();
  const language = useInterfaceSettings((state) => state.appLanguage);
  const query = useMoneyFigures();
  const colors = [token.blue, token.green, token.orange, token.purple, token.cyan, token.magenta];
  return (
    <DashboardSection title={t('money.title')} testId="dashboard-money" query={query}>
      {(data) => (
        <>
          <FigureCards
            testId="dashboard-money"
            figures={[
              { key: 'rechargedToday', label: t('money.rechargedToday'), value: formatMoneyText(data.rechargedToday) },
              {
                key: 'rechargedThisMonth',
                label: t('money.rechargedThisMonth'),
                value: formatMoneyText(data.rechargedThisMonth),
              },
              { key: 'owedToUsers', label: t('money.owedToUsers'), value: formatMoneyText(data.owedToUsers) },
              {
                key: 'vouchersOutstanding',
                label: t('money.vouchersOutstanding'),
                value: formatMoneyText(data.vouchersOutstanding),
              },
            ]}
          />
          <Typography.Title level={3} style={{ fontSize: 16 }}>
            {t('money.revenueTitle')}
          </Typography.Title>
          {data.revenue.rows.length === 0 ? (
            <Empty description={t('money.revenueEmpty')} data-testid="dashboard-revenue-empty" />
          ) : (
            <div data-testid="dashboard-revenue">
              <BarChart
                caption={t('money.revenueCaption', {
                  start: formatDateTime(data.revenue.startDate, language, 'date'),
                  end: formatDateTime(data.revenue.endDate, language, 'date'),
                })}
                groupHeading={t('money.day')}
                series={earnedFrom(data.revenue).map((product, index) => ({
                  key: product,
                  label: t(`products.${product}`),
                  color: colors[index % colors.length]!,
                }))}
                groups={revenueGroups(data.revenue, language)}
                formatValue={formatUnits}
                minTickStep={CENT}
              />
            </div>
          )}
        </>
      )}
    </DashboardSection>
  );
}
