import { catalogue } from '@suanli/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/shared/http';
import { catalogueKeys } from './keys';

/** Likes an image, or takes the like back; the answer is the new state. */
export function toggleImageLike(imageId: string) {
  return http.call(catalogue.toggleImageLike, { query: { imageId } });
}

/** Every card, banner and detail shows the count, so all of them are read again. */
export function useToggleImageLike() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleImageLike,
    onSettled: () => queryClient.invalidateQueries({ queryKey: catalogueKeys.images() }),
  });
}
