import { auth, type EndpointRequest } from '@suanli/contract';
import { http } from '@/shared/http';

export type RegisterByPhoneBody = NonNullable<EndpointRequest<typeof auth.registerByPhone>['body']>;

export interface RegisterByPhoneInput {
  body: RegisterByPhoneBody;
  /** The invitation code remembered from the URL (spec §2), sent as a query parameter. */
  invitationCode?: string;
}

/**
 * Registers by phone and answers the new session's token. With the eventKey of a WeChat scan and a null password it
 * is the binding step of a new WeChat user (spec §4). Silent: the login form reports under its fields, the binding
 * step in its own notification (spec §8).
 */
export function registerByPhone({ body, invitationCode }: RegisterByPhoneInput): Promise<string> {
  return http
    .call(auth.registerByPhone, {
      body,
      query: { invitationCode: invitationCode || undefined },
      withoutToken: true,
      silent: true,
    })
    .then((data) => data.access_token);
}
