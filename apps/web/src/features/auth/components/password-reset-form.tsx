import { isEmail, isPhone, LIMITS } from '@suanli/contract';
import { App, Button, Form, Input, Typography, type FormRule } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportFormError } from '@/shared/ui/report-form-error';
import { forgetPassword } from '../api/forget-password';
import { useCaptcha } from '../api/get-captcha';
import { CaptchaField } from './captcha-field';
import { CodeField } from './code-field';
import { countdownKey } from './code-countdowns';
import { useCodeSender } from './use-code-sender';

interface ResetValues {
  account: string;
  captcha?: string;
  verificationCode: string;
  password: string;
  confirm: string;
}

interface PasswordResetFormProps {
  /** The account typed on the password tab, if any. */
  account: string;
  /** The password was reset (for this account) or the user went back; the dialog returns to the password tab. */
  onDone: (account: string | null) => void;
}

/**
 * "Forgot password" in the login dialog (issue 9): the phone or e-mail, the captcha for sending, the code (purpose
 * reset) and a new password twice. The server ends every session of the account; the user then logs in anew.
 */
export function PasswordResetForm({ account, onDone }: PasswordResetFormProps) {
  const { t } = useTranslation('auth');
  const { message } = App.useApp();
  const [form] = Form.useForm<ResetValues>();
  const typed = Form.useWatch('account', form) ?? account;
  const [submitting, setSubmitting] = useState(false);
  const { captcha, refresh } = useCaptcha('password-reset');
  const sendCode = useCodeSender({
    form,
    to: { field: 'account' },
    purpose: 'reset',
    captcha,
    refreshCaptcha: refresh,
    onFailure: (text) => void message.error(text),
  });

  const accountRules: FormRule[] = [
    { required: true, whitespace: true, message: t('validation.accountRequired') },
    {
      validator: (_, value: string | undefined) => {
        const entered = (value ?? '').trim();
        return !entered || isPhone(entered) || isEmail(entered)
          ? Promise.resolve()
          : Promise.reject(new Error(t('validation.accountFormat')));
      },
    },
  ];

  // The captcha is spent by the code send; the reset itself needs the account, the code and the password.
  const submit = async () => {
    const values = await form.validateFields(['account', 'verificationCode', 'password', 'confirm']).catch(() => null);
    if (!values) {
      return;
    }
    const username = values.account.trim();
    setSubmitting(true);
    try {
      await forgetPassword({ username, verificationCode: values.verificationCode.trim(), password: values.password });
      void message.success(t('reset.done'));
      onDone(username);
    } catch (error) {
      reportFormError(form, error, { fields: { username: 'account' } });
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Form form={form} layout="vertical" initialValues={{ account }} data-testid="login-reset-form">
      <Typography.Title level={2} style={{ fontSize: 16 }}>
        {t('reset.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('reset.description')}</Typography.Paragraph>
      <Form.Item name="account" label={t('form.accountLabel')} rules={accountRules}>
        <Input placeholder={t('form.usernamePlaceholder')} autoComplete="username" data-testid="reset-account" />
      </Form.Item>
      <CaptchaField captcha={captcha} onRefresh={() => void refresh()} testIdPrefix="reset" labelled />
      <CodeField onSend={sendCode} countdownKey={countdownKey('reset', typed)} testIdPrefix="reset" labelled />
      <Form.Item
        name="password"
        label={t('reset.newPassword')}
        rules={[
          { required: true, message: t('validation.passwordRequired') },
          { min: LIMITS.passwordMin, max: LIMITS.passwordMax, message: t('validation.passwordLength') },
        ]}
      >
        <Input.Password autoComplete="new-password" data-testid="reset-password" />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('reset.confirm')}
        dependencies={['password']}
        rules={[
          { required: true, message: t('reset.confirmRequired') },
          ({ getFieldValue }) => ({
            validator: (_, value: string | undefined) =>
              !value || value === getFieldValue('password')
                ? Promise.resolve()
                : Promise.reject(new Error(t('reset.mismatch'))),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" data-testid="reset-confirm" />
      </Form.Item>
      <Button type="primary" block loading={submitting} onClick={() => void submit()} data-testid="reset-submit">
        {t('reset.submit')}
      </Button>
      <Button type="link" block onClick={() => onDone(null)} data-testid="reset-back" style={{ marginTop: 8 }}>
        {t('reset.back')}
      </Button>
    </Form>
  );
}
