import { PHONE_PATTERN } from '@suanli/contract';
import { App, Button, Card, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { reportFormError } from '@/shared/ui/report-form-error';
import { useCaptcha } from '../api/get-captcha';
import { useCurrentUser } from '../api/get-user-info';
import { useUpdatePhone } from '../api/update-phone';
import { CaptchaField } from './captcha-field';
import { CodeField } from './code-field';
import { useCodeSender } from './use-code-sender';

interface PhoneValues {
  phone: string;
  captcha?: string;
  verificationCode: string;
}

/** Phone change: a new number, the captcha for sending, and the SMS code of purpose 'phone' sent to it. */
export function PhoneCard() {
  const { t } = useTranslation('auth');
  const { message } = App.useApp();
  const [form] = Form.useForm<PhoneValues>();
  const current = useCurrentUser().data?.phone ?? null;
  const { captcha, refresh } = useCaptcha('phone-change');
  const update = useUpdatePhone();
  const sendCode = useCodeSender({
    form,
    accountField: 'phone',
    purpose: 'phone',
    captcha,
    refreshCaptcha: refresh,
    onFailure: (text) => void message.error(text),
  });

  // The captcha is spent by the code send; submitting needs only the phone and the code.
  const submit = async () => {
    const values = await form.validateFields(['phone', 'verificationCode']).catch(() => null);
    if (!values) {
      return;
    }
    try {
      await update.mutateAsync({ phonenumber: values.phone.trim(), verificationCode: values.verificationCode.trim() });
    } catch (error) {
      reportFormError(form, error, { fields: { phonenumber: 'phone' } });
      return;
    }
    form.resetFields();
    void message.success(t('security.phone.saved'));
  };

  return (
    <Card title={t('security.phone.title')} data-testid="security-phone">
      <Typography.Paragraph data-testid="phone-current">
        {current ? t('security.phone.current', { phone: current }) : t('security.phone.none')}
      </Typography.Paragraph>
      <Form form={form} layout="vertical" style={{ maxWidth: 420 }}>
        <Form.Item
          name="phone"
          label={t('security.phone.new')}
          rules={[
            { required: true, whitespace: true, message: t('validation.phoneRequired') },
            { pattern: PHONE_PATTERN, message: t('validation.phoneFormat') },
          ]}
        >
          <Input maxLength={11} autoComplete="tel" data-testid="phone-new" />
        </Form.Item>
        <CaptchaField captcha={captcha} onRefresh={() => void refresh()} testIdPrefix="phone" labelled />
        <CodeField onSend={sendCode} testIdPrefix="phone" labelled />
        <Button type="primary" loading={update.isPending} onClick={() => void submit()} data-testid="phone-submit">
          {t('security.phone.submit')}
        </Button>
      </Form>
    </Card>
  );
}
