import { isEmail, type auth } from '@suanli/contract';
import { App, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { isHttpError } from '@/shared/http';
import type { Captcha } from '../api/get-captcha';
import { sendEmailCode } from '../api/send-email-code';
import { sendSmsCode } from '../api/send-sms-code';

interface CodeSenderOptions {
  // The forms differ in their other fields; only the account and captcha fields are read here.
  form: FormInstance;
  /**
   * The field holding the phone or e-mail the code goes to; or, for a code to the signed-in user's own current phone
   * or e-mail ('oldPhone', 'oldEmail'), which of the two it is.
   */
  to: { field: string } | { current: 'sms' | 'email' };
  purpose: auth.CodePurpose;
  captcha: Captcha | undefined;
  refreshCaptcha: () => unknown;
  /** How this form reports a failure: a message, or the binding step's notification (spec §8). */
  onFailure: (text: string) => void;
}

/**
 * Sends a one-time code to the phone or e-mail in the form. Spec §5: a valid account and the captcha answer come
 * first. The captcha is single use, so a new one is fetched after every attempt.
 */
export function useCodeSender(options: CodeSenderOptions): () => Promise<boolean> {
  const { t } = useTranslation('auth');
  const { message } = App.useApp();
  const { form, to, purpose, captcha, refreshCaptcha, onFailure } = options;

  return async () => {
    const captchaOn = captcha?.captchaEnabled === true;
    const fields = [...('field' in to ? [to.field] : []), ...(captchaOn ? ['captcha'] : [])];
    try {
      await form.validateFields(fields);
    } catch {
      return false;
    }
    const account = 'field' in to ? String(form.getFieldValue(to.field) ?? '').trim() : undefined;
    const answer = captchaOn ? { code: String(form.getFieldValue('captcha')).trim(), uuid: captcha.uuid } : {};
    const byEmail = 'field' in to ? isEmail(account ?? '') : to.current === 'email';
    try {
      if (byEmail) {
        await sendEmailCode({ email: account, type: purpose, ...answer });
      } else {
        await sendSmsCode({ phone: account, type: purpose, ...answer });
      }
      void message.success(t('code.sent'));
      return true;
    } catch (error) {
      onFailure(isHttpError(error) && error.serverMessage ? error.serverMessage : t('code.sendFailed'));
      return false;
    } finally {
      if (captchaOn) {
        form.setFieldValue('captcha', undefined);
        void refreshCaptcha();
      }
    }
  };
}
