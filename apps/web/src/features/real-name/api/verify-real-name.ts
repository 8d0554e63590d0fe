import { realName } from '@suanli/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../shared/http';
import { useSession } from '../../../shared/stores/session-store';
import { realNameKeys } from './keys';

export interface VerifyRealNameInput {
  realName: string;
  idCard: string;
}

/** Spends one of the day's three attempts (spec §5) and answers the updated record. */
export async function verifyRealName(input: VerifyRealNameInput) {
  const record = await http.call(realName.verifyRealName, { query: input });
  useSession.getState().setVerifiedStatus(record.status);
  return record;
}

export function useVerifyRealName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyRealName,
    onSuccess: (record) => queryClient.setQueryData(realNameKeys.status(), record),
    // A refused attempt still counts, so the attempts left are read again.
    onError: () => queryClient.invalidateQueries({ queryKey: realNameKeys.status() }),
  });
}
