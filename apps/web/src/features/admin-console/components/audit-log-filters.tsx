import { OperatorArea } from '@suanli/contract';
import { Button, Form, Input, Select } from 'antd';
import { DateRangeFilterItem, dateRangeFilter, type DateRangeValue } from '@/shared/ui/date-range-filter';
import type { AuditFilters } from '../api/list-audit-log';
import { useOperatorOptions } from '../api/list-operators';
import { useAdminConsoleTranslation } from '../use-admin-console-translation';

interface FilterValues {
  operatorId?: string;
  area?: OperatorArea;
  action?: string;
  target?: string;
  dates?: DateRangeValue;
}

const text = (value: string | undefined) => value?.trim() || undefined;

function filtersOf({ operatorId, area, action, target, dates }: FilterValues): AuditFilters {
  return { operatorId, area, action: text(action), target: text(target), ...dateRangeFilter(dates) };
}

/** Operator, area, the start of an action or a target, and a range of days, applied together on Search. */
export function AuditLogFilters({ onChange }: { onChange: (filters: AuditFilters) => void }) {
  const { t } = useAdminConsoleTranslation();
  const [form] = Form.useForm<FilterValues>();
  const operators = useOperatorOptions();
  const label = (key: string) => t(`audit.filters.${key}`);
  return (
    <Form<FilterValues>
      form={form}
      layout="inline"
      onFinish={(values) => onChange(filtersOf(values))}
      onReset={() => onChange(filtersOf({}))}
      style={{ rowGap: 8 }}
      data-testid="audit-filters"
    >
      <Form.Item name="operatorId" label={label('operator')}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={label('anyOperator')}
          style={{ width: 200 }}
          options={(operators.data?.rows ?? []).map((row) => ({ value: row.userId, label: row.account ?? row.userId }))}
          data-testid="audit-filter-operator"
        />
      </Form.Item>
      <Form.Item name="area" label={label('area')}>
        <Select
          allowClear
          placeholder={label('anyArea')}
          style={{ width: 140 }}
          options={OperatorArea.values.map((value) => ({
            value,
            label: t(`contract:${OperatorArea.labelKey(value)}`),
          }))}
          data-testid="audit-filter-area"
        />
      </Form.Item>
      <Form.Item name="action" label={label('action')}>
        <Input allowClear maxLength={120} style={{ width: 180 }} data-testid="audit-filter-action" />
      </Form.Item>
      <Form.Item name="target" label={label('target')}>
        <Input allowClear maxLength={120} style={{ width: 160 }} data-testid="audit-filter-target" />
      </Form.Item>
      <DateRangeFilterItem label={label('dates')} data-testid="audit-filter-dates" />
      <Form.Item>
        <Button type="primary" htmlType="submit" data-testid="audit-search">
          {label('search')}
        </Button>
      </Form.Item>
      <Form.Item>
        <Button htmlType="reset">{label('reset')}</Button>
      </Form.Item>
    </Form>
  );
}
