import { applications } from '@suanli/contract';
import { useQuery } from '@tanstack/react-query';
import { http } from '@/shared/http';
import { applicationsKeys } from './keys';

export type StatusSummary = Awaited<ReturnType<typeof fetchStatusSummary>>;

/** Counts of the caller's applications: all, running, stopped ones deleted within a day, prepaid ones ending soon. */
export function fetchStatusSummary() {
  return http.call(applications.getApplicationStatusSummary);
}

export function useStatusSummary() {
  return useQuery({ queryKey: applicationsKeys.summary(), queryFn: fetchStatusSummary });
}
