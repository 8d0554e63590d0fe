import { models } from '@suanli/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/shared/http';
import { modelsKeys } from './keys';

export function toggleModelLike(modelId: string) {
  return http.call(models.toggleModelLike, { query: { modelId } });
}

/** Cards and the detail show the count, so all of them are read again. */
export function useToggleModelLike() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleModelLike,
    onSettled: () => queryClient.invalidateQueries({ queryKey: modelsKeys.models() }),
  });
}
