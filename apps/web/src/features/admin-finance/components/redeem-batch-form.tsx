import { DownloadOutlined } from '@ant-design/icons';
import { LIMITS } from '@suanli/contract';
import { App, Button, type ButtonProps, DatePicker, Form, Input, InputNumber, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { reportFormError } from '@/shared/ui/report-form-error';
import { useCreateRedeemBatch } from '../api/redeem-batches';
import { useAdminFinanceTranslation } from '../use-admin-finance-translation';
import { saveBatchCsv } from './redeem-codes-csv';

interface Values {
  name: string;
  amount: string;
  count: number;
  lastDay?: Dayjs;
  reason: string;
}

interface Batch {
  name: string;
  amount: string;
  lastDay: string | null;
  codes: string[];
}

/**
 * A batch of single-use codes, each worth the same amount, optionally up to a last day. The codes are shown once, as
 * the server answers them, with their CSV for whoever hands them out.
 */
export function RedeemBatchForm() {
  const { t } = useAdminFinanceTranslation();
  const { modal } = App.useApp();
  const [form] = Form.useForm<Values>();
  const create = useCreateRedeemBatch();
  const [batch, setBatch] = useState<Batch | null>(null);
  const label = (key: string) => t(`redeem.batch.${key}`);

  const submit = async (values: Values) => {
    const lastDay = values.lastDay?.format('YYYY-MM-DD') ?? null;
    const confirmed = await modal.confirm({
      title: label('confirmTitle'),
      content: t('redeem.batch.confirm', { count: values.count, amount: values.amount }),
      okText: label('create'),
      okButtonProps: { 'data-testid': 'redeem-batch-confirm' } as ButtonProps,
    });
    if (!confirmed) {
      return;
    }
    const body = { ...values, lastDay: lastDay ?? undefined };
    const created = await create.mutateAsync(body).catch((error: unknown) => reportFormError(form, error));
    if (created) {
      setBatch({ name: values.name, amount: values.amount, lastDay, codes: created.codes });
      form.resetFields(['reason']);
    }
  };

  const exportCodes = (done: Batch) =>
    saveBatchCsv({ ...done, codes: done.codes.map((code) => ({ code, redeemedAt: null })) }, label);

  const required = (message: string) => [{ required: true, whitespace: true, message }];
  return (
    <>
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        style={{ maxWidth: 560 }}
        initialValues={{ count: 10 }}
        onFinish={(values) => void submit(values)}
        data-testid="redeem-batch-form"
      >
        <Typography.Title level={2} style={{ fontSize: 18 }}>
          {label('title')}
        </Typography.Title>
        <Form.Item name="name" label={label('name')} rules={required(label('nameRequired'))}>
          <Input maxLength={60} data-testid="redeem-batch-name" />
        </Form.Item>
        <Form.Item name="amount" label={label('amount')} rules={required(t('contract:validation.redeemAmount'))}>
          <Input inputMode="decimal" prefix="¥" maxLength={12} data-testid="redeem-batch-amount" />
        </Form.Item>
        <Form.Item
          name="count"
          label={label('count')}
          rules={[{ required: true, message: t('redeem.batch.countRange', { max: LIMITS.redeemBatchMax }) }]}
        >
          <InputNumber min={1} max={LIMITS.redeemBatchMax} precision={0} data-testid="redeem-batch-count" />
        </Form.Item>
        <Form.Item name="lastDay" label={label('lastDay')} extra={label('lastDayHint')}>
          <DatePicker data-testid="redeem-batch-last-day" />
        </Form.Item>
        <Form.Item name="reason" label={t('dialog.reason')} rules={required(t('contract:validation.operatorReason'))}>
          <Input maxLength={200} data-testid="redeem-batch-reason" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={create.isPending} data-testid="redeem-batch-submit">
          {label('create')}
        </Button>
      </Form>
      {batch ? (
        <div style={{ marginTop: 16 }} data-testid="redeem-batch-result">
          <Typography.Paragraph>
            {t('redeem.batch.created', { count: batch.codes.length, name: batch.name })}
          </Typography.Paragraph>
          <Button icon={<DownloadOutlined />} onClick={() => exportCodes(batch)} data-testid="redeem-batch-export">
            {label('export')}
          </Button>
          <Typography.Paragraph copyable={{ text: batch.codes.join('\n') }} style={{ marginTop: 8 }}>
            <code data-testid="redeem-batch-codes">{batch.codes.join(' ')}</code>
          </Typography.Paragraph>
        </div>
      ) : null}
    </>
  );
}
