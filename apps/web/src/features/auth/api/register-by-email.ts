import { auth, type EndpointRequest } from '@suanli/contract';
import { http } from '@/shared/http';

export type RegisterByEmailBody = NonNullable<EndpointRequest<typeof auth.registerByEmail>['body']>;

export interface RegisterByEmailInput {
  body: RegisterByEmailBody;
  /** The invitation code remembered from the URL (spec §2), sent as a query parameter. */
  invitationCode?: string;
}

/** Registers by e-mail and answers the new session's token; silent, the form reports. */
export function registerByEmail({ body, invitationCode }: RegisterByEmailInput): Promise<string> {
  return http
    .call(auth.registerByEmail, {
      body,
      query: { invitationCode: invitationCode || undefined },
      withoutToken: true,
      silent: true,
    })
    .then((data) => data.access_token);
}
