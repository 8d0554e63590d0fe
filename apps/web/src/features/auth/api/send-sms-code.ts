import { auth } from '@suanli/contract';
import { http } from '@/shared/http';

export interface SendSmsCodeInput {
  /** Left out for 'oldPhone': that code goes to the signed-in user's current phone. */
  phone?: string;
  type: auth.CodePurpose;
  /** The captcha answer and id, when captcha is on. */
  code?: string;
  uuid?: string;
}

/** Silent: each form words the failure itself (spec §8: the server msg or "Failed to send verification code"). */
export function sendSmsCode({ phone, type, code, uuid }: SendSmsCodeInput): Promise<null> {
  return http.call(auth.sendSmsCode, { body: { phone, type }, query: { code, uuid }, silent: true });
}
