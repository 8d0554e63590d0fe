import { OperatorArea } from '@suanli/contract';
import { App, Button, Flex, Form, Input, Select, Typography } from 'antd';
import { reportFormError } from '@/shared/ui/report-form-error';
import { useChangeOperatorArea, type OperatorAreaChange } from '../api/change-operator-area';
import { useAdminConsoleTranslation } from '../use-admin-console-translation';

type Verb = 'grant' | 'revoke';

/**
 * An administrator grants an area to an account, or revokes one, with the reason the audit log keeps. The server words
 * any refusal (an unknown account, their own admin area) under the field it names.
 */
export function OperatorAreaForm() {
  const { t } = useAdminConsoleTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<OperatorAreaChange>();
  const change = useChangeOperatorArea();
  const label = (key: string) => t(`operators.form.${key}`);

  const submit = async (verb: Verb) => {
    const values = await form.validateFields().catch(() => null);
    if (!values) {
      return;
    }
    const done = await change.mutateAsync({ verb, ...values }).catch((error: unknown) => reportFormError(form, error));
    if (done) {
      const area = t(`contract:${OperatorArea.labelKey(values.area)}`);
      const outcome =
        verb === 'grant' ? (done.changed ? 'granted' : 'alreadyGranted') : done.changed ? 'revoked' : 'notHeld';
      void message.success(t(`operators.form.${outcome}`, { account: values.account, area }));
      form.resetFields(['reason']);
    }
  };

  const required = (key: string) => [{ required: true, whitespace: true, message: t(`contract:validation.${key}`) }];
  return (
    <Form form={form} layout="vertical" requiredMark={false} style={{ maxWidth: 560 }} data-testid="operator-area-form">
      <Typography.Title level={2} style={{ fontSize: 18 }}>
        {label('title')}
      </Typography.Title>
      <Form.Item name="account" label={label('account')} rules={required('accountRequired')}>
        <Input autoComplete="off" maxLength={254} data-testid="operator-account" />
      </Form.Item>
      <Form.Item name="area" label={label('area')} rules={[{ required: true, message: label('area') }]}>
        <Select
          options={OperatorArea.values.map((value) => ({
            value,
            label: t(`contract:${OperatorArea.labelKey(value)}`),
          }))}
          data-testid="operator-area"
        />
      </Form.Item>
      <Form.Item name="reason" label={label('reason')} rules={required('operatorReason')}>
        <Input maxLength={200} data-testid="operator-reason" />
      </Form.Item>
      <Flex gap={8}>
        <Button
          type="primary"
          loading={change.isPending}
          onClick={() => void submit('grant')}
          data-testid="operator-grant"
        >
          {label('grant')}
        </Button>
        <Button danger loading={change.isPending} onClick={() => void submit('revoke')} data-testid="operator-revoke">
          {label('revoke')}
        </Button>
      </Flex>
    </Form>
  );
}
