import { useMutation, useQueryClient } from '@tanstack/react-query';
import { imagesKeys } from './keys';

/** A change of my images: whatever its outcome, the lists, the storage and the share records are read again. */
export function useImagesMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: imagesKeys.all }),
  });
}
