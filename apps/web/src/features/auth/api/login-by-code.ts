import { auth, type EndpointRequest } from '@suanli/contract';
import { http } from '@/shared/http';

export type LoginByCodeBody = NonNullable<EndpointRequest<typeof auth.loginByCode>['body']>;

/** Logs in with a phone or e-mail and the code sent to it; answers the session's token. Silent, the form reports. */
export function loginByCode(body: LoginByCodeBody): Promise<string> {
  return http.call(auth.loginByCode, { body, withoutToken: true, silent: true }).then((data) => data.access_token);
}
