import { InvoiceStatus } from '@suanli/contract';
import { Form, Select } from 'antd';
import type { InvoiceFilters as Filters } from '../api/invoices';
import { useAdminFinanceTranslation } from '../use-admin-finance-translation';

/** The applications' status, submitted first; every status when cleared. */
export function InvoiceFilters({ onChange }: { onChange: (filters: Filters) => void }) {
  const { t } = useAdminFinanceTranslation();
  return (
    <Form layout="inline">
      <Form.Item label={t('invoices.filters.status')}>
        <Select<InvoiceStatus>
          allowClear
          defaultValue="submitted"
          placeholder={t('invoices.filters.anyStatus')}
          style={{ width: 160 }}
          onChange={(status) => onChange({ status: status ?? undefined })}
          options={InvoiceStatus.values.map((value) => ({
            value,
            label: t(`contract:${InvoiceStatus.labelKey(value)}`),
          }))}
          aria-label={t('invoices.filters.status')}
          data-testid="invoices-filter-status"
        />
      </Form.Item>
    </Form>
  );
}
