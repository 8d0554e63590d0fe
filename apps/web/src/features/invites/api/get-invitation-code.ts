import { invites } from '@suanli/contract';
import { useQuery } from '@tanstack/react-query';
import { http } from '@/shared/http';
import { invitesKeys } from './keys';

/** The caller's invitation code; it never changes, so it is read once a session. */
export function fetchInvitationCode() {
  return http.call(invites.getInvitationCode);
}

export function useInvitationCode() {
  return useQuery({ queryKey: invitesKeys.code(), queryFn: fetchInvitationCode, staleTime: Infinity });
}
