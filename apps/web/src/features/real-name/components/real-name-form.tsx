import { hasValidCheckCharacter, ID_NUMBER_PATTERN } from '@suanli/contract';
import { App, Alert, Button, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { reportFormError } from '@/shared/ui/report-form-error';
import type { RealNameRecord } from '../api/get-real-name-status';
import { useVerifyRealName, type VerifyRealNameInput } from '../api/verify-real-name';

interface RealNameFormProps {
  record: RealNameRecord;
  onVerified: () => void;
}

/**
 * Real name and ID number, with the attempts left (spec §5: 3 per 24 hours). An ID number whose GB 11643 check digit
 * does not fit is refused here, so a typing mistake never spends an attempt nor reads as a name mismatch (issue 9).
 */
export function RealNameForm({ record, onVerified }: RealNameFormProps) {
  const { t } = useTranslation('realName');
  const { message } = App.useApp();
  const [form] = Form.useForm<VerifyRealNameInput>();
  const verify = useVerifyRealName();
  const exhausted = record.attemptsLeft <= 0;

  const submit = async (values: VerifyRealNameInput) => {
    const next = await verify
      .mutateAsync({ realName: values.realName.trim(), idCard: values.idCard.trim().toUpperCase() })
      .catch((error: unknown) => reportFormError(form, error));
    if (!next) {
      return;
    }
    if (next.status === '1') {
      void message.success(t('verified'));
      onVerified();
    } else {
      void message.error(t('mismatch'));
    }
  };

  return (
    <Form form={form} layout="vertical" onFinish={(values) => void submit(values)}>
      {record.sandbox ? (
        <Alert
          type="warning"
          showIcon
          title={t('sandboxNote')}
          style={{ marginBottom: 16 }}
          data-testid="realname-sandbox-note"
        />
      ) : null}
      <Form.Item
        name="realName"
        label={t('realName')}
        rules={[{ required: true, whitespace: true, message: t('contract:validation.realNameRequired') }]}
      >
        <Input maxLength={40} autoComplete="name" data-testid="realname-name" />
      </Form.Item>
      <Form.Item
        name="idCard"
        label={t('idCard')}
        validateFirst
        rules={[
          { required: true, whitespace: true, message: t('contract:validation.idCardRequired') },
          { pattern: ID_NUMBER_PATTERN, message: t('contract:validation.idCard') },
          {
            validator: (_, value: string | undefined) =>
              hasValidCheckCharacter((value ?? '').trim())
                ? Promise.resolve()
                : Promise.reject(new Error(t('checkDigit'))),
          },
        ]}
      >
        <Input maxLength={18} autoComplete="off" data-testid="realname-id-card" />
      </Form.Item>
      <Typography.Paragraph type={exhausted ? 'danger' : 'secondary'} data-testid="realname-attempts-left">
        {exhausted ? t('noAttempts') : t('attemptsLeft', { count: record.attemptsLeft })}
      </Typography.Paragraph>
      <Button
        type="primary"
        htmlType="submit"
        disabled={exhausted}
        loading={verify.isPending}
        data-testid="realname-submit"
      >
        {t('submit')}
      </Button>
    </Form>
  );
}
