import { isEmail } from '@suanli/contract';
import type { FormInstance } from 'antd';
import { useState } from 'react';
import { useSession } from '@/shared/stores/session-store';
import { reportFormError } from '@/shared/ui/report-form-error';
import type { Captcha } from '../api/get-captcha';
import { loginByCode } from '../api/login-by-code';
import { loginByPassword } from '../api/login-by-password';
import { registerByEmail } from '../api/register-by-email';
import { registerByPhone } from '../api/register-by-phone';
import { useLoginForm } from './login-form-store';
import { useCompleteLogin } from './use-complete-login';

export type CredentialsMode = 'password' | 'code';

export interface CredentialsValues {
  username: string;
  password?: string;
  consent?: boolean;
  captcha?: string;
  verificationCode?: string;
}

interface TokenRequest {
  mode: CredentialsMode;
  registering: boolean;
  captcha: Captcha | undefined;
}

/** Spec §4 step 3: the register form registers by e-mail or phone (with the invitation code); otherwise log in. */
function requestToken(values: CredentialsValues, { mode, registering, captcha }: TokenRequest): Promise<string> {
  const { invitationCode, eventKey } = useSession.getState();
  const username = values.username.trim();
  const password = values.password ?? '';
  const verificationCode = (values.verificationCode ?? '').trim();
  const answer = captcha?.captchaEnabled ? { code: (values.captcha ?? '').trim(), uuid: captcha.uuid } : {};
  const scene = eventKey ? { eventKey } : {};
  if (registering && isEmail(username)) {
    const body = { mail: username, password, emailCode: verificationCode, ...answer };
    return registerByEmail({ body, invitationCode });
  }
  if (registering) {
    const body = { phonenumber: username, password, verificationCode, ...answer, ...scene };
    return registerByPhone({ body, invitationCode });
  }
  if (mode === 'password') {
    return loginByPassword({ username, password, ...answer, ...scene });
  }
  return loginByCode({ username, verificationCode, ...answer, ...scene });
}

/** The request fields the form shows under other names: the account, the e-mail code, the captcha answer. */
const FORM_FIELDS = { mail: 'username', phonenumber: 'username', emailCode: 'verificationCode', code: 'captcha' };

interface CredentialsSubmitOptions extends TokenRequest {
  form: FormInstance<CredentialsValues>;
  refreshCaptcha: () => unknown;
}

/**
 * Submits the account or code form; on failure (spec §4 step 5) the button stops loading, the captcha renews and the
 * server's message shows under the field it names, or as a message.
 */
export function useCredentialsSubmit({ form, refreshCaptcha, ...request }: CredentialsSubmitOptions) {
  const completeLogin = useCompleteLogin();
  const [submitting, setSubmitting] = useState(false);

  const submit = async (values: CredentialsValues) => {
    setSubmitting(true);
    try {
      const token = await requestToken(values, request);
      if (request.registering) {
        // The invitation code did its work (spec §2); a later registration on this browser is nobody's invitee.
        useSession.getState().spendInvitationCode();
      }
      useLoginForm.getState().reset();
      await completeLogin(token);
    } catch (error) {
      // Clearing the spent answer also clears its errors, so it comes before the server's message is placed.
      form.setFieldValue('captcha', undefined);
      void refreshCaptcha();
      reportFormError(form, error, { fields: FORM_FIELDS });
    } finally {
      setSubmitting(false);
    }
  };

  return { submit, submitting };
}
