import { PHONE_PATTERN } from '@suanli/contract';
import { App, Button, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/shared/stores/session-store';
import { reportFormError } from '@/shared/ui/report-form-error';
import { useCaptcha } from '../api/get-captcha';
import { registerByPhone } from '../api/register-by-phone';
import { CaptchaField } from './captcha-field';
import { CodeField } from './code-field';
import { countdownKey } from './code-countdowns';
import { ConsentField } from './consent-field';
import { useCodeSender } from './use-code-sender';
import { useCompleteLogin } from './use-complete-login';

interface BindingValues {
  phone: string;
  consent?: boolean;
  captcha?: string;
  verificationCode: string;
}

/** Spec §8: a binding failure is an error notification titled 错误 for 4 seconds. */
const NOTIFICATION_SECONDS = 4;

/**
 * "Bind your phone number" after a new WeChat user scanned (spec §4): phone, captcha, SMS code and consent to the
 * agreement and privacy policy (it registers an account, issue 9), then registration by phone with a null password and
 * the scan's event key.
 */
export function PhoneBindingForm({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation('auth');
  const { notification } = App.useApp();
  const [form] = Form.useForm<BindingValues>();
  const phone = Form.useWatch('phone', form);
  const [submitting, setSubmitting] = useState(false);
  const { captcha, refresh } = useCaptcha('wechat-bind');
  const completeLogin = useCompleteLogin();
  const showError = (text: string) =>
    notification.error({ title: t('bind.errorTitle'), description: text, duration: NOTIFICATION_SECONDS });
  const sendCode = useCodeSender({
    form,
    to: { field: 'phone' },
    purpose: 'bind',
    captcha,
    refreshCaptcha: refresh,
    onFailure: showError,
  });

  const submit = async (values: BindingValues) => {
    const { eventKey, invitationCode } = useSession.getState();
    const answer = captcha?.captchaEnabled ? { code: (values.captcha ?? '').trim(), uuid: captcha.uuid } : {};
    const body = {
      phonenumber: values.phone.trim(),
      password: null,
      verificationCode: values.verificationCode.trim(),
      eventKey,
      ...answer,
    };
    setSubmitting(true);
    try {
      const token = await registerByPhone({ body, invitationCode });
      useSession.getState().spendInvitationCode();
      await completeLogin(token);
    } catch (error) {
      form.setFieldValue('captcha', undefined);
      void refresh();
      reportFormError(form, error, {
        fields: { phonenumber: 'phone', code: 'captcha' },
        report: (failure) => showError(failure.serverMessage || t('bind.retryLater')),
      });
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={submit} data-testid="wechat-bind-step">
      <Typography.Title level={2} style={{ fontSize: 16 }}>
        {t('bind.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('bind.description')}</Typography.Paragraph>
      <Form.Item
        name="phone"
        rules={[
          { required: true, whitespace: true, message: t('validation.phoneRequired') },
          { pattern: PHONE_PATTERN, message: t('validation.phoneFormat') },
        ]}
      >
        <Input
          placeholder={t('form.phonePlaceholder')}
          aria-label={t('form.phoneLabel')}
          autoComplete="tel"
          inputMode="tel"
          maxLength={11}
          data-testid="bind-phone"
        />
      </Form.Item>
      <CaptchaField captcha={captcha} onRefresh={() => void refresh()} testIdPrefix="bind" />
      <CodeField onSend={sendCode} countdownKey={countdownKey('bind', phone)} testIdPrefix="bind" />
      <ConsentField testId="bind-consent" />
      <Button type="primary" htmlType="submit" block loading={submitting} data-testid="bind-submit">
        {t('bind.submit')}
      </Button>
      <Button type="link" block onClick={onBack} data-testid="bind-back" style={{ marginTop: 8 }}>
        {t('bind.back')}
      </Button>
    </Form>
  );
}
