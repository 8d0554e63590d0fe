import { App, Button, Flex, Form, Input, Typography, type ButtonProps } from 'antd';
import { reportFormError } from '@/shared/ui/report-form-error';
import { useChangePartner, type PartnerVerb } from '../api/partners';
import { useAdminSupportTranslation } from '../use-admin-support-translation';

interface PartnerChange {
  userId: string;
  reason: string;
}

/**
 * The KOL and creator programme: revoking a partner's qualification for abuse (no income accrues meanwhile) or
 * restoring it, by user id, with the reason the audit log keeps. Revoking asks once more before it is sent.
 */
export function PartnerForm() {
  const { t } = useAdminSupportTranslation();
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<PartnerChange>();
  const change = useChangePartner();

  const send = async (verb: PartnerVerb, values: PartnerChange) => {
    const done = await change.mutateAsync({ verb, ...values }).catch((error: unknown) => reportFormError(form, error));
    if (done) {
      void message.success(t(`partners.${done.status}`, { userId: values.userId }));
      form.resetFields(['reason']);
    }
  };

  const submit = async (verb: PartnerVerb) => {
    const values = await form.validateFields().catch(() => null);
    if (!values) {
      return;
    }
    if (verb === 'restore') {
      await send(verb, values);
      return;
    }
    modal.confirm({
      title: t('partners.revokeTitle', { userId: values.userId }),
      content: t('partners.revokeContent'),
      okText: t('partners.revoke'),
      okButtonProps: { danger: true, 'data-testid': 'partner-revoke-ok' } as ButtonProps,
      cancelText: t('dialog.cancel'),
      onOk: () => send(verb, values),
    });
  };

  const required = (message: string) => [{ required: true, whitespace: true, message }];
  return (
    <Form form={form} layout="vertical" requiredMark={false} style={{ maxWidth: 560 }} data-testid="partner-form">
      <Typography.Paragraph type="secondary">{t('partners.hint')}</Typography.Paragraph>
      <Form.Item name="userId" label={t('partners.userId')} rules={required(t('partners.userIdRequired'))}>
        <Input autoComplete="off" maxLength={18} data-testid="partner-user-id" />
      </Form.Item>
      <Form.Item name="reason" label={t('partners.reason')} rules={required(t('contract:validation.operatorReason'))}>
        <Input maxLength={200} data-testid="partner-reason" />
      </Form.Item>
      <Flex gap={8}>
        <Button danger loading={change.isPending} onClick={() => void submit('revoke')} data-testid="partner-revoke">
          {t('partners.revoke')}
        </Button>
        <Button loading={change.isPending} onClick={() => void submit('restore')} data-testid="partner-restore">
          {t('partners.restore')}
        </Button>
      </Flex>
    </Form>
  );
}
