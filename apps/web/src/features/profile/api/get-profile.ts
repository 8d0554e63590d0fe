import { users } from '@suanli/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/shared/http';
import { profileKeys } from './keys';

export type Profile = Awaited<ReturnType<typeof fetchProfile>>;

export function fetchProfile() {
  return http.call(users.getProfile);
}

export const profileQueryOptions = () => queryOptions({ queryKey: profileKeys.detail(), queryFn: fetchProfile });

export function useProfile() {
  return useQuery(profileQueryOptions());
}
