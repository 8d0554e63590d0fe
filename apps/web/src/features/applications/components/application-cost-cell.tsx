import { TransactionType } from '@suanli/contract';
import { Button, Flex, Popover, Spin, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { DateTime } from '@/shared/ui/date-time';
import { MoneyText } from '@/shared/ui/money-text';
import { useBillLines } from '../api/list-bill-lines';
import type { ApplicationRow } from '../api/list-applications';
import { useApplicationsTranslation } from '../use-applications-translation';

function BillLines({ row }: { row: ApplicationRow }) {
  const { t } = useApplicationsTranslation();
  const bills = useBillLines(row.orderNo, true);
  return (
    <Flex vertical gap={4} style={{ minWidth: 260 }} data-testid={`app-bills-${row.id}`}>
      <span>
        {t('cost.orderNo')} <Typography.Text copyable>{row.orderNo}</Typography.Text>
      </span>
      {row.hourlyPrice ? <span>{t('cost.minutesBilled', { count: row.billedMinutes })}</span> : null}
      {bills.isPending ? <Spin size="small" /> : null}
      {bills.data?.rows.map((line) => (
        <Flex key={line.entryId} justify="space-between" gap={12} data-testid="app-bill-line">
          <Typography.Text type="secondary">
            <DateTime value={line.createTime} />
          </Typography.Text>
          <span>{t(`contract:${TransactionType.labelKey(line.transactionType)}`)}</span>
          <MoneyText value={line.amount} />
        </Flex>
      ))}
      {bills.data && bills.data.total === 0 ? (
        <Typography.Text type="secondary">{t('cost.noBills')}</Typography.Text>
      ) : null}
      {bills.data && bills.data.total > bills.data.rows.length ? (
        <Typography.Text type="secondary">{t('cost.moreBills', { count: bills.data.total })}</Typography.Text>
      ) : null}
      <Link to="/revAndexp">{t('cost.bills')}</Link>
    </Flex>
  );
}

/**
 * What the application has cost so far (prepaid terms and billed minutes, vouchers included) and, billed by the
 * minute, its price per hour. Its bill lines, the ledger entries of its one order number, are a click away.
 */
export function ApplicationCostCell({ row }: { row: ApplicationRow }) {
  const { t } = useApplicationsTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Flex vertical align="flex-end">
      <Popover
        content={open ? <BillLines row={row} /> : null}
        trigger="click"
        title={t('cost.title')}
        open={open}
        onOpenChange={setOpen}
      >
        <Button type="link" size="small" style={{ padding: 0 }} data-testid={`app-cost-${row.id}`}>
          <MoneyText value={row.cost} />
        </Button>
      </Popover>
      {row.hourlyPrice ? (
        <Typography.Text type="secondary">
          <MoneyText value={row.hourlyPrice} />
          {t('price.perHour')}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}
