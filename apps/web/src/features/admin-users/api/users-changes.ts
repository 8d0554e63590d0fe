import { usersDesk } from '@suanli/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/shared/http';
import { adminUsersKeys } from './keys';

export type DeskRole = 'education' | 'kol' | 'creator';

/** A change of the desk: silent, its dialog reports a refusal; any answer refreshes the desk (a 409 is news). */
function useUserChange<Input>(call: (input: Input) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminUsersKeys.all }),
  });
}

export const useLockChange = () =>
  useUserChange(({ userId, lock, reason }: { userId: string; lock: boolean; reason: string }) =>
    http.call(lock ? usersDesk.lockUser : usersDesk.unlockUser, { params: { userId }, body: { reason }, silent: true }),
  );

export const useRoleChange = () =>
  useUserChange(({ userId, ...body }: { userId: string; role: DeskRole; change: 'grant' | 'revoke'; reason: string }) =>
    http.call(usersDesk.changeUserRole, { params: { userId }, body, silent: true }),
  );
