import { dashboard, type EndpointRequest } from '@suanli/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/shared/http';
import { adminDashboardKeys } from './keys';

export type RetryBody = NonNullable<EndpointRequest<typeof dashboard.retryParkedEvent>['body']>;

/**
 * Hands a parked event to its consumer again: silent, since the reason dialog reports a refusal itself (another
 * operator retried it first: 409). Any answer reads the section again.
 */
export function useRetryParkedEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RetryBody) => http.call(dashboard.retryParkedEvent, { body, silent: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminDashboardKeys.section('admin') }),
  });
}
