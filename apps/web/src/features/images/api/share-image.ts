import { userImages } from '@suanli/contract';
import { http } from '@/shared/http';
import { useImagesMutation } from './use-images-mutation';

/** Silent: the share dialog shows a refusal (unknown phone, oneself) under the phone field. */
export function shareImage(body: { imageId: string; phone: string }) {
  return http.call(userImages.shareImage, { body, silent: true });
}

export const useShareImage = () => useImagesMutation(shareImage);
