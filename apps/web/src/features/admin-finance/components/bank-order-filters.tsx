import { PaymentStatus } from '@suanli/contract';
import { Button, Form, Input, Select } from 'antd';
import type { BankOrderFilters as Filters } from '../api/bank-orders';
import { useAdminFinanceTranslation } from '../use-admin-finance-translation';

interface FilterValues {
  status: PaymentStatus;
  orderNo?: string;
}

const filtersOf = ({ status, orderNo }: Partial<FilterValues>): Filters => ({
  status,
  orderNo: orderNo?.trim() || undefined,
});

/** The queue's status (pending first) and the order number a transfer's remark gives, applied together on Search. */
export function BankOrderFilters({ onChange }: { onChange: (filters: Filters) => void }) {
  const { t } = useAdminFinanceTranslation();
  const [form] = Form.useForm<FilterValues>();
  const label = (key: string) => t(`bankOrders.filters.${key}`);
  return (
    <Form<FilterValues>
      form={form}
      layout="inline"
      initialValues={{ status: 'pending' }}
      onFinish={(values) => onChange(filtersOf(values))}
      onReset={() => onChange(filtersOf({}))}
      style={{ rowGap: 8 }}
    >
      <Form.Item name="status" label={label('status')}>
        <Select
          style={{ width: 160 }}
          options={PaymentStatus.values.map((value) => ({
            value,
            label: t(`contract:${PaymentStatus.labelKey(value)}`),
          }))}
          data-testid="bank-orders-filter-status"
        />
      </Form.Item>
      <Form.Item name="orderNo" label={label('orderNo')}>
        <Input allowClear maxLength={32} style={{ width: 220 }} data-testid="bank-orders-filter-order" />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" data-testid="bank-orders-search">
          {label('search')}
        </Button>
      </Form.Item>
      <Form.Item>
        <Button htmlType="reset">{label('reset')}</Button>
      </Form.Item>
    </Form>
  );
}
