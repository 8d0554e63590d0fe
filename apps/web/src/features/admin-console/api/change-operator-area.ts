import { operators, type EndpointRequest } from '@suanli/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/shared/http';
import { adminConsoleKeys } from './keys';

export type OperatorAreaChange = NonNullable<EndpointRequest<typeof operators.grantOperatorArea>['body']>;

/** Grants or revokes an area; the form reports a refusal under its field, so the call itself is silent. */
export function useChangeOperatorArea() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ verb, ...body }: OperatorAreaChange & { verb: 'grant' | 'revoke' }) =>
      http.call(verb === 'grant' ? operators.grantOperatorArea : operators.revokeOperatorArea, { body, silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminConsoleKeys.all }),
  });
}
