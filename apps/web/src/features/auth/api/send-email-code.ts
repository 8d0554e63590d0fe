import { auth } from '@suanli/contract';
import { http } from '@/shared/http';

export interface SendEmailCodeInput {
  email: string;
  type: auth.CodePurpose;
  /** The captcha answer and id, when captcha is on. */
  code?: string;
  uuid?: string;
}

/** Silent: each form words the failure itself (spec §8: the server msg or "Failed to send verification code"). */
export function sendEmailCode({ email, type, code, uuid }: SendEmailCodeInput): Promise<null> {
  return http.call(auth.sendEmailCode, {
    body: { email, type },
    query: { code, uuid },
    withoutToken: true,
    silent: true,
  });
}
