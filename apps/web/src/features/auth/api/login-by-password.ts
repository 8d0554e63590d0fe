import { auth, type EndpointRequest } from '@suanli/contract';
import { http } from '@/shared/http';

export type LoginByPasswordBody = NonNullable<EndpointRequest<typeof auth.loginByPassword>['body']>;

/** Logs in with a phone or e-mail and password and answers the session's token; silent, the form reports. */
export function loginByPassword(body: LoginByPasswordBody): Promise<string> {
  return http.call(auth.loginByPassword, { body, withoutToken: true, silent: true }).then((data) => data.access_token);
}
