import { applications } from '@suanli/contract';
import { useQuery } from '@tanstack/react-query';
import { http } from '@/shared/http';
import { applicationsKeys } from './keys';

/** The caller's running applications, for a picker: a copy goes only into one of them. */
export function fetchRunningApplications() {
  return http.call(applications.listApplications, {
    query: { pageNum: 1, pageSize: 100, status: 'running' },
    silent: true,
  });
}

export function useRunningApplications(enabled: boolean) {
  return useQuery({ queryKey: applicationsKeys.running(), queryFn: fetchRunningApplications, enabled });
}
