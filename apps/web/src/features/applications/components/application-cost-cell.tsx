import { Button, Flex, Popover, Typography } from 'antd';
import { Link } from 'react-router';
import { MoneyText } from '@/shared/ui/money-text';
import type { ApplicationRow } from '../api/list-applications';
import { useApplicationsTranslation } from '../use-applications-translation';

/**
 * What the application has cost so far (prepaid terms and billed minutes, vouchers included) and, billed by the
 * minute, its price per hour. Every charge of it is posted under its one order number, which the popover gives
 * with the way to the income and expense list where those charges are.
 */
export function ApplicationCostCell({ row }: { row: ApplicationRow }) {
  const { t } = useApplicationsTranslation();
  const bills = (
    <Flex vertical gap={4}>
      <span>
        {t('cost.orderNo')} <Typography.Text copyable>{row.orderNo}</Typography.Text>
      </span>
      <Link to="/revAndexp">{t('cost.bills')}</Link>
    </Flex>
  );
  return (
    <Flex vertical align="flex-end">
      <Popover content={bills} trigger="click" title={t('cost.title')}>
        <Button type="link" size="small" style={{ padding: 0 }} data-testid={`app-cost-${row.id}`}>
          <MoneyText value={row.cost} />
        </Button>
      </Popover>
      {row.hourlyPrice ? (
        <Typography.Text type="secondary">
          <MoneyText value={row.hourlyPrice} decimals={4} />
          {t('price.perHour')}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}
