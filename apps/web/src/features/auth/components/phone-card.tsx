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
  oldPhoneCode?: string;
}

/**
 * Phone change: once the account has a phone, a code sent to it proves the change is its owner's (a stolen session
 * alone cannot move the number); then a new number, and the SMS code of purpose 'phone' sent to it. The captcha is
 * spent by each send and refreshed after it.
 */
export function PhoneCard() {
  const { t } = useTranslation('auth');
  const { message } = App.useApp();
  const [form] = Form.useForm<PhoneValues>();
  const current = useCurrentUser().data?.phone ?? null;
  const { captcha, refresh } = useCaptcha('phone-change');
  const update = useUpdatePhone();
  const sendOldCode = useCodeSender({
    form,
    purpose: 'oldPhone',
    captcha,
    refreshCaptcha: refresh,
    onFailure: (text) => void message.error(text),
  });
  const sendCode = useCodeSender({
    form,
    accountField: 'phone',
    purpose: 'phone',
    captcha,
    refreshCaptcha: refresh,
    onFailure: (text) => void message.error(text),
  });

  // The captcha is spent by the code sends; submitting needs only the phone and the codes.
  const submit = async () => {
    const fields = ['phone', 'verificationCode', ...(current ? ['oldPhoneCode'] : [])];
    const values = await form.validateFields(fields).catch(() => null);
    if (!values) {
      return;
    }
    try {
      await update.mutateAsync({
        phonenumber: values.phone.trim(),
        verificationCode: values.verificationCode.trim(),
        ...(current ? { oldPhoneCode: values.oldPhoneCode?.trim() } : {}),
      });
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
        <CaptchaField captcha={captcha} onRefresh={() => void refresh()} testIdPrefix="phone" labelled />
        {current && (
          <CodeField
            onSend={sendOldCode}
            name="oldPhoneCode"
            label={t('security.phone.oldCode')}
            testIdPrefix="phone-old"
            labelled
          />
        )}
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
        <CodeField onSend={sendCode} testIdPrefix="phone" labelled />
        <Button type="primary" loading={update.isPending} onClick={() => void submit()} data-testid="phone-submit">
          {t('security.phone.submit')}
        </Button>
      </Form>
    </Card>
  );
}
