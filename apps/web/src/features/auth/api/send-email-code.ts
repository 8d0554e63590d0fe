import { auth } from '@suanli/contract';
import { http } from '@/shared/http';

export interface SendEmailCodeInput {
  /** Left out for 'oldEmail': that code goes to the signed-in user's current address. */
  email?: string;
  type: auth.CodePurpose;
  /** The captcha answer and id, when captcha is on. */
  code?: string;
  uuid?: string;
}

/** The purposes that belong to the signed-in account, so their request carries its token. */
const ACCOUNT_PURPOSES: ReadonlySet<auth.CodePurpose> = new Set(['email', 'oldEmail']);

/** Silent: each form words the failure itself (spec §8: the server msg or "Failed to send verification code"). */
export function sendEmailCode({ email, type, code, uuid }: SendEmailCodeInput): Promise<null> {
  return http.call(auth.sendEmailCode, {
    body: { email, type },
    query: { code, uuid },
    withoutToken: !ACCOUNT_PURPOSES.has(type),
    silent: true,
  });
}
