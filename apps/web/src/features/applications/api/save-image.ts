import { userImages, type EndpointInput } from '@suanli/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/shared/http';
import { rootKeys } from '@/shared/query/root-keys';

export type SaveImageBody = EndpointInput<typeof userImages.saveUserImage>['body'];

/** Silent: the dialog shows a refusal under its fields. */
export function saveImage(body: SaveImageBody) {
  return http.call(userImages.saveUserImage, { body, silent: true });
}

/** Saves an application as an image; my images (under the compute root) are read again. */
export function useSaveImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveImage,
    onSettled: () => queryClient.invalidateQueries({ queryKey: rootKeys.compute }),
  });
}
