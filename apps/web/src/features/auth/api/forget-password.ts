import { auth, type EndpointRequest } from '@suanli/contract';
import { http } from '@/shared/http';

export type ForgetPasswordBody = NonNullable<EndpointRequest<typeof auth.forgetPassword>['body']>;

/**
 * Sets a new password with a code (purpose reset) sent to the phone or e-mail; every session of the account ends.
 * Silent: the reset form reports a refusal under the field it names.
 */
export function forgetPassword(body: ForgetPasswordBody): Promise<null> {
  return http.call(auth.forgetPassword, { body, withoutToken: true, silent: true });
}
