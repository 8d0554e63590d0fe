import { userImages } from '@suanli/contract';
import { http } from '@/shared/http';
import { useImagesMutation } from './use-images-mutation';

/** kolUpdateImage: the image goes to the community catalogue once an operator has reviewed it. */
export function submitImage(imageId: string) {
  return http.call(userImages.submitImageToCommunity, { query: { imageId } });
}

export const useSubmitImage = () => useImagesMutation(submitImage);
