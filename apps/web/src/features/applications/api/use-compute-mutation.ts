import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rootKeys } from '@/shared/query/root-keys';

/**
 * A mutation of an application: whatever its outcome, the list, the summary and the free GPUs are read again (a lost
 * answer may still have changed it), and the wallet too when the call may move money.
 */
export function useComputeMutation<Input, Output>(
  mutationFn: (input: Input) => Promise<Output>,
  { movesMoney = false }: { movesMoney?: boolean } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: rootKeys.compute }),
        movesMoney ? queryClient.invalidateQueries({ queryKey: rootKeys.wallet }) : null,
      ]);
    },
  });
}
