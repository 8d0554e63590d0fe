import { isEmail, isPhone } from '@suanli/contract';
import { Alert, App, Button, Flex, Form, Input, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/shared/stores/session-store';
import { useCaptcha } from '../api/get-captcha';
import { CaptchaField } from './captcha-field';
import { CodeField } from './code-field';
import { countdownKey } from './code-countdowns';
import { ConsentField } from './consent-field';
import { isUnregistered, useLoginForm } from './login-form-store';
import { useAccountCheck } from './use-account-check';
import { useCodeSender } from './use-code-sender';
import { useCredentialsSubmit, type CredentialsMode, type CredentialsValues } from './use-credentials-submit';

interface CredentialsFormProps {
  mode: CredentialsMode;
  /** The local flag of spec §4; 1 puts e-mail first in the account prompt. */
  localFlag: 0 | 1;
  /** The password tab offers a way back in when the password is forgotten. */
  onForgotPassword?: (account: string) => void;
}

/**
 * The Account (password) and Sms (code) tabs of the login dialog. When the blur check finds the account unregistered
 * the form turns into the register form: password of 6–20 characters, a verification code and consent to the user
 * agreement and privacy policy (spec §4, §5, issue 9). The account is shared by both tabs and kept while the page
 * lives, and any change to it leaves the register form.
 */
export function CredentialsForm({ mode, localFlag, onForgotPassword }: CredentialsFormProps) {
  const { t } = useTranslation('auth');
  const { message } = App.useApp();
  const [form] = Form.useForm<CredentialsValues>();
  const { account: kept, checked, setAccount, setChecked } = useLoginForm();
  const typed = Form.useWatch('username', form) ?? kept;
  const registering = isUnregistered(checked, typed);
  const invitationCode = useSession((state) => state.invitationCode);
  const { captcha, refresh } = useCaptcha(`login-${mode}`);
  const checkAccount = useAccountCheck((account, registered) => setChecked(account, registered));
  const purpose = registering ? '1' : '2';
  const sendCode = useCodeSender({
    form,
    to: { field: 'username' },
    purpose,
    captcha,
    refreshCaptcha: refresh,
    onFailure: (text) => void message.error(text),
  });
  const { submit, submitting } = useCredentialsSubmit({ form, refreshCaptcha: refresh, mode, registering, captcha });

  const accountPrompt = t(localFlag === 1 ? 'validation.accountRequiredLocal' : 'validation.accountRequired');
  const accountRules: FormRule[] = [
    { required: true, whitespace: true, message: accountPrompt },
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
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={{ username: kept }}
      onValuesChange={(changed: Partial<CredentialsValues>) => {
        if (changed.username !== undefined) {
          setAccount(changed.username);
        }
      }}
      onFinish={submit}
      data-testid={`login-form-${mode}`}
    >
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
          aria-label={t('form.accountLabel')}
          autoComplete="username"
          onBlur={(event) => void checkAccount(event.target.value)}
          data-testid="login-username"
        />
      </Form.Item>
      {mode === 'password' || registering ? (
        <Form.Item name="password" rules={passwordRules}>
          <Input.Password
            placeholder={t(registering ? 'form.registerPasswordPlaceholder' : 'form.passwordPlaceholder')}
            aria-label={t('form.passwordLabel')}
            autoComplete={registering ? 'new-password' : 'current-password'}
            data-testid="login-password"
          />
        </Form.Item>
      ) : null}
      <CaptchaField captcha={captcha} onRefresh={() => void refresh()} testIdPrefix="login" />
      {mode === 'code' || registering ? (
        <CodeField onSend={sendCode} countdownKey={countdownKey(purpose, typed)} testIdPrefix="login" />
      ) : null}
      {registering ? (
        <>
          <Form.Item label={t('form.invitationCode')} htmlFor="login-invitation-code">
            <Input
              id="login-invitation-code"
              readOnly
              value={invitationCode}
              placeholder={t('form.noInvitationCode')}
              data-testid="login-invitation-code"
            />
          </Form.Item>
          <ConsentField testId="login-consent" />
        </>
      ) : null}
      <Button type="primary" htmlType="submit" block loading={submitting} data-testid="login-submit">
        {registering ? t('form.register') : t('form.login')}
      </Button>
      {mode === 'password' && !registering && onForgotPassword ? (
        <Flex justify="flex-end" style={{ marginTop: 8 }}>
          <Button
            type="link"
            size="small"
            onClick={() => onForgotPassword(form.getFieldValue('username') ?? '')}
            data-testid="login-forgot-link"
          >
            {t('reset.link')}
          </Button>
        </Flex>
      ) : null}
    </Form>
  );
}
