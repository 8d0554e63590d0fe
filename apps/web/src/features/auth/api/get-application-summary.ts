import { applications } from '@suanli/contract';
import { useQuery } from '@tanstack/react-query';
import { http } from '@/shared/http';
import { authKeys } from './keys';

/** The application status summary of spec §3 session state: total, running, deleted soon, expiring soon. */
export function fetchApplicationSummary() {
  return http.call(applications.getApplicationStatusSummary);
}

/** The application count in the avatar dropdown (spec §2), refreshed with everything under the compute root. */
export function useApplicationSummary() {
  return useQuery({ queryKey: authKeys.applicationSummary(), queryFn: fetchApplicationSummary });
}
