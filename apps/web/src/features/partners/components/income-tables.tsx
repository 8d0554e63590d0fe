import { DatePicker, Card, Empty, Space, Statistic, Table, Tag, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { DateTime } from '@/shared/ui/date-time';
import { MoneyText } from '@/shared/ui/money-text';
import { useCreatorMonth, useKolMonth, type CreatorMonth, type KolMonth } from '../api/partners';
import { AmountStatistic } from './amount-statistic';
import { usePartnersTranslation } from '../use-partners-translation';

type Invitee = KolMonth['users'][number];
type Order = Invitee['orders'][number];
type ImageRow = CreatorMonth['images'][number];

function MonthPicker({
  month,
  onChange,
  testId,
}: {
  month: string;
  onChange: (month: string) => void;
  testId: string;
}) {
  const { t } = usePartnersTranslation();
  return (
    <DatePicker
      picker="month"
      allowClear={false}
      aria-label={t('kol.month')}
      value={dayjs(`${month}-01`)}
      onChange={(value) => value && onChange(value.format('YYYY-MM'))}
      data-testid={testId}
    />
  );
}

/** Spec §3: the month's recharges of the KOL's invited users, the ratio and the income, each user with their orders. */
export function KolIncomeCard() {
  const { t } = usePartnersTranslation();
  const [month, setMonth] = useState(dayjs().format('YYYY-MM'));
  const kol = useKolMonth(month);
  const orderColumns: TableColumnsType<Order> = [
    { key: 'orderNo', dataIndex: 'orderNo', title: t('kol.orderNo') },
    { key: 'amount', title: t('kol.amount'), align: 'right', render: (_, row) => <MoneyText value={row.amount} /> },
    {
      key: 'income',
      title: t('kol.orderIncome'),
      align: 'right',
      render: (_, row) => <MoneyText value={row.income} />,
    },
    { key: 'time', title: t('kol.time'), render: (_, row) => <DateTime value={row.time} /> },
  ];
  const columns: TableColumnsType<Invitee> = [
    { key: 'nickName', dataIndex: 'nickName', title: t('kol.nickName') },
    { key: 'registerTime', title: t('kol.registerTime'), render: (_, row) => <DateTime value={row.registerTime} /> },
    { key: 'orders', title: t('kol.orders'), render: (_, row) => row.orders.length },
  ];
  return (
    <Card title={t('kol.title')} extra={<MonthPicker month={month} onChange={setMonth} testId="partner-kol-month" />}>
      {kol.data ? (
        <Space size="large" wrap style={{ marginBottom: 16 }}>
          <AmountStatistic title={t('kol.rechargeTotal')} value={kol.data.rechargeTotal} testId="partner-kol-total" />
          <Statistic title={t('channel.ratio')} value={kol.data.incomeRatio} suffix="%" />
          <AmountStatistic title={t('kol.income')} value={kol.data.income} testId="partner-kol-income" />
        </Space>
      ) : null}
      <Table<Invitee>
        rowKey={(row) => `${row.nickName}-${row.registerTime}`}
        columns={columns}
        dataSource={kol.data?.users ?? []}
        loading={kol.isPending}
        pagination={false}
        locale={{ emptyText: <Empty description={t('kol.empty')} /> }}
        expandable={{
          expandedRowRender: (row) => (
            <Table<Order>
              rowKey="orderNo"
              size="small"
              columns={orderColumns}
              dataSource={row.orders}
              pagination={false}
              locale={{ emptyText: <Empty description={t('kol.noOrders')} /> }}
            />
          ),
        }}
        data-testid="partner-kol-users"
      />
    </Card>
  );
}

/** Spec §3: the month's use of the creator's community images, their price per hour and the net income. */
export function CreatorIncomeCard() {
  const { t } = usePartnersTranslation();
  const [month, setMonth] = useState(dayjs().format('YYYY-MM'));
  const creator = useCreatorMonth(month);
  const columns: TableColumnsType<ImageRow> = [
    { key: 'name', dataIndex: 'name', title: t('creator.image') },
    { key: 'minutes', dataIndex: 'minutes', title: t('creator.minutes'), align: 'right' },
    {
      key: 'price',
      title: t('creator.price'),
      align: 'right',
      render: (_, row) => <MoneyText value={row.pricePerHour} />,
    },
    { key: 'income', title: t('creator.income'), align: 'right', render: (_, row) => <MoneyText value={row.income} /> },
  ];
  return (
    <Card
      title={
        <Space>
          {t('creator.title')}
          {creator.data ? <Tag>{t('creator.share', { share: creator.data.platformShare })}</Tag> : null}
        </Space>
      }
      extra={<MonthPicker month={month} onChange={setMonth} testId="partner-creator-month" />}
    >
      <Table<ImageRow>
        rowKey="imageId"
        columns={columns}
        dataSource={creator.data?.images ?? []}
        loading={creator.isPending}
        pagination={false}
        locale={{ emptyText: <Empty description={t('creator.empty')} /> }}
        data-testid="partner-creator-images"
      />
    </Card>
  );
}
