import { isEmail } from '@suanli/contract';
import type { FormInstance } from 'antd';
import { useState } from 'react';
import { useSession } from '../../../shared/stores/session-store';
import type { Captcha } from '../api/get-captcha';
import { loginByCode } from '../api/login-by-code';
import { loginByPassword } from '../api/login-by-password';
import { registerByEmail } from '../api/register-by-email';
import { registerByPhone } from '../api/register-by-phone';
import { useCompleteLogin } from './use-complete-login';

export type CredentialsMode = 'password' | 'code';

export interface CredentialsValues {
  username: string;
  password?: string;
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

interface CredentialsSubmitOptions extends TokenRequest {
  form: FormInstance<CredentialsValues>;
  refreshCaptcha: () => unknown;
}

/** Submits the account or code form; on failure (spec §4 step 5) the button stops loading and the captcha renews. */
export function useCredentialsSubmit({ form, refreshCaptcha, ...request }: CredentialsSubmitOptions) {
  const completeLogin = useCompleteLogin();
  const [submitting, setSubmitting] = useState(false);

  const submit = async (values: CredentialsValues) => {
    setSubmitting(true);
    try {
      const token = await requestToken(values, request);
      await completeLogin(token);
    } catch {
      form.setFieldValue('captcha', undefined);
      void refreshCaptcha();
    } finally {
      setSubmitting(false);
    }
  };

  return { submit, submitting };
}
