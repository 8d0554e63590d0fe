import { Statistic } from 'antd';
import { MoneyText } from '@/shared/ui/money-text';

/** An amount under its title, as antd's Statistic lays it out, written the one way the console writes money. */
export function AmountStatistic({ title, value, testId }: { title: string; value: string; testId: string }) {
  return <Statistic title={title} valueRender={() => <MoneyText value={value} data-testid={testId} />} />;
}
