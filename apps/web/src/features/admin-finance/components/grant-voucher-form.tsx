import { VoucherKind } from '@suanli/contract';
import { App, Button, type ButtonProps, Form, Input, InputNumber, Select, Typography } from 'antd';
import { formatMoneyText } from '@/shared/format/money';
import { reportFormError } from '@/shared/ui/report-form-error';
import { useGrantVoucher, type VoucherGrant } from '../api/redeem-batches';
import { useAdminFinanceTranslation } from '../use-admin-finance-translation';

/** Gives one user, by phone or e-mail, a voucher or coupon usable from now for a number of days, after a confirmation. */
export function GrantVoucherForm() {
  const { t } = useAdminFinanceTranslation();
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<VoucherGrant>();
  const grant = useGrantVoucher();
  const label = (key: string) => t(`redeem.voucher.${key}`);

  const submit = async (values: VoucherGrant) => {
    const amount = formatMoneyText(Number(values.amount).toFixed(2));
    const confirmed = await modal.confirm({
      title: label('confirmTitle'),
      content: t('redeem.voucher.confirm', { account: values.account, amount }),
      okText: label('grant'),
      okButtonProps: { 'data-testid': 'grant-voucher-confirm' } as ButtonProps,
    });
    if (!confirmed) {
      return;
    }
    const granted = await grant.mutateAsync(values).catch((error: unknown) => reportFormError(form, error));
    if (granted) {
      void message.success(t('redeem.voucher.granted', { account: values.account, amount }));
      form.resetFields(['reason']);
    }
  };

  const required = (message: string) => [{ required: true, whitespace: true, message }];
  return (
    <Form<VoucherGrant>
      form={form}
      layout="vertical"
      requiredMark={false}
      style={{ maxWidth: 560 }}
      initialValues={{ kind: 'voucher', validDays: 30 }}
      onFinish={(values) => void submit(values)}
      data-testid="grant-voucher-form"
    >
      <Typography.Title level={2} style={{ fontSize: 18 }}>
        {label('title')}
      </Typography.Title>
      <Form.Item name="account" label={label('account')} rules={required(t('contract:validation.accountRequired'))}>
        <Input autoComplete="off" maxLength={254} data-testid="grant-voucher-account" />
      </Form.Item>
      <Form.Item name="kind" label={label('kind')}>
        <Select
          options={VoucherKind.values.map((value) => ({ value, label: t(`contract:${VoucherKind.labelKey(value)}`) }))}
          data-testid="grant-voucher-kind"
        />
      </Form.Item>
      <Form.Item name="name" label={label('name')} rules={required(label('nameRequired'))}>
        <Input maxLength={40} data-testid="grant-voucher-name" />
      </Form.Item>
      <Form.Item name="amount" label={label('amount')} rules={required(t('contract:validation.voucherAmount'))}>
        <Input inputMode="decimal" prefix="¥" maxLength={12} data-testid="grant-voucher-amount" />
      </Form.Item>
      <Form.Item
        name="validDays"
        label={label('validDays')}
        rules={[{ required: true, message: t('contract:validation.validDays') }]}
      >
        <InputNumber min={1} max={3650} precision={0} data-testid="grant-voucher-days" />
      </Form.Item>
      <Form.Item name="reason" label={t('dialog.reason')} rules={required(t('contract:validation.operatorReason'))}>
        <Input maxLength={200} data-testid="grant-voucher-reason" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={grant.isPending} data-testid="grant-voucher-submit">
        {label('grant')}
      </Button>
    </Form>
  );
}
