import { auth } from '@suanli/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/shared/http';
import { authKeys } from './keys';

/** The local flag of spec §4: 1 when e-mail login suits the visitor better. */
export function fetchLocalFlag(): Promise<0 | 1> {
  // Silent: without an answer the dialog simply opens on its default tab.
  return http.call(auth.checkLocation, { withoutToken: true, silent: true });
}

/** Fetched on the first opening of the login dialog and kept for the rest of the visit (spec §4 step 1). */
export const localFlagQueryOptions = () =>
  queryOptions({ queryKey: authKeys.localFlag(), queryFn: fetchLocalFlag, staleTime: Infinity, gcTime: Infinity });

export function useLocalFlag() {
  return useQuery(localFlagQueryOptions());
}
