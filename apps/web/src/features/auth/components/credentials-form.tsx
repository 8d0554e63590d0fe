import { isEmail, isPhone } from '@suanli/contract';
import { Alert, App, Button, Form, Input, type FormRule } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/shared/stores/session-store';
import { useCaptcha } from '../api/get-captcha';
import { CaptchaField } from './captcha-field';
import { CodeField } from './code-field';
import { useAccountCheck } from './use-account-check';
import { useCodeSender } from './use-code-sender';
import { useCredentialsSubmit, type CredentialsMode, type CredentialsValues } from './use-credentials-submit';

interface CredentialsFormProps {
  mode: CredentialsMode;
  /** The local flag of spec §4; 1 puts e-mail first in the account prompt. */
  localFlag: 0 | 1;
}

/**
 * The Account (password) and Sms (code) tabs of the login dialog. When the blur check finds the account unregistered
 * the form turns into the register form: password of 6–20 characters plus a verification code (spec §4, §5).
 */
export function CredentialsForm({ mode, localFlag }: CredentialsFormProps) {
  const { t } = useTranslation('auth');
  const { message } = App.useApp();
  const [form] = Form.useForm<CredentialsValues>();
  const [registering, setRegistering] = useState(false);
  const invitationCode = useSession((state) => state.invitationCode);
  const { captcha, refresh } = useCaptcha(`login-${mode}`);
  const checkAccount = useAccountCheck((registered) => setRegistering(!registered));
  const sendCode = useCodeSender({
    form,
    accountField: 'username',
    purpose: registering ? '1' : '2',
    captcha,
    refreshCaptcha: refresh,
    onFailure: (text) => void message.error(text),
  });
  const { submit, submitting } = useCredentialsSubmit({ form, refreshCaptcha: refresh, mode, registering, captcha });

  const accountRules: FormRule[] = [
    {
      required: true,
      whitespace: true,
      message: t(localFlag === 1 ? 'validation.accountRequiredLocal' : 'validation.accountRequired'),
    },
    {
      validator: (_, value: string | undefined) => {
        const account = (value ?? '').trim();
        return !account || isPhone(account) || isEmail(account)
          ? Promise.resolve()
          : Promise.reject(new Error(t('validation.accountFormat')));
      },
    },
  ];
  const passwordRules: FormRule[] = registering
    ? [
        { required: true, message: t('validation.passwordRequired') },
        { min: 6, max: 20, message: t('validation.passwordLength') },
      ]
    : [{ required: true, message: t('validation.passwordRequired') }];

  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={submit} data-testid={`login-form-${mode}`}>
      {registering ? (
        <Alert
          type="info"
          showIcon
          title={t('form.registerHint')}
          style={{ marginBottom: 16 }}
          data-testid="login-register-hint"
        />
      ) : null}
      <Form.Item name="username" rules={accountRules}>
        <Input
          placeholder={t(localFlag === 1 ? 'form.usernamePlaceholderLocal' : 'form.usernamePlaceholder')}
          autoComplete="username"
          onBlur={(event) => void checkAccount(event.target.value)}
          data-testid="login-username"
        />
      </Form.Item>
      {mode === 'password' || registering ? (
        <Form.Item name="password" rules={passwordRules}>
          <Input.Password
            placeholder={t(registering ? 'form.registerPasswordPlaceholder' : 'form.passwordPlaceholder')}
            autoComplete={registering ? 'new-password' : 'current-password'}
            data-testid="login-password"
          />
        </Form.Item>
      ) : null}
      <CaptchaField captcha={captcha} onRefresh={() => void refresh()} testIdPrefix="login" />
      {mode === 'code' || registering ? <CodeField onSend={sendCode} testIdPrefix="login" /> : null}
      {registering ? (
        <Form.Item label={t('form.invitationCode')}>
          <Input
            readOnly
            value={invitationCode}
            placeholder={t('form.noInvitationCode')}
            data-testid="login-invitation-code"
          />
        </Form.Item>
      ) : null}
      <Button type="primary" htmlType="submit" block loading={submitting} data-testid="login-submit">
        {registering ? t('form.register') : t('form.login')}
      </Button>
    </Form>
  );
}
