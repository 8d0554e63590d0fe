import { skipToken, useQuery } from '@tanstack/react-query';
import { authKeys } from './keys';

/** The application status summary of spec §3 session state. */
export interface ApplicationSummary {
  total: number;
  running: number;
  uninstallingSoon: number;
  expiringSoon: number;
}

const NO_APPLICATIONS: ApplicationSummary = { total: 0, running: 0, uninstallingSoon: 0, expiringSoon: 0 };

/**
 * The application count in the avatar dropdown (spec §2). The compute area will serve it
 * (`/equipment/deviceServer/applicationStatus`); until then the query has no fetcher and reads zeros.
 */
export function useApplicationSummary() {
  return useQuery<ApplicationSummary>({
    queryKey: authKeys.applicationSummary(),
    queryFn: skipToken,
    placeholderData: NO_APPLICATIONS,
  });
}
