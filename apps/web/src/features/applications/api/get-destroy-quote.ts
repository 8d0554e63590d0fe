import { applications } from '@suanli/contract';
import { useQuery } from '@tanstack/react-query';
import { http } from '@/shared/http';
import { applicationsKeys } from './keys';

/** What destroying it now would give back. Silent: the dialog says it could not tell. */
export function fetchDestroyQuote(id: string) {
  return http.call(applications.getDestroyQuote, { params: { id }, silent: true });
}

/** Asked afresh each time the confirm dialog opens: the time left, and so the refund, shrinks by the second. */
export function useDestroyQuote(id: string) {
  return useQuery({
    queryKey: [...applicationsKeys.one(id), 'destroyQuote'],
    queryFn: () => fetchDestroyQuote(id),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}
