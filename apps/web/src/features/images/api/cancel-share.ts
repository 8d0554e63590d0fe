import { userImages } from '@suanli/contract';
import { http } from '@/shared/http';
import { useImagesMutation } from './use-images-mutation';

export function cancelShare(id: string) {
  return http.call(userImages.cancelShareImage, { body: { id } });
}

export const useCancelShare = () => useImagesMutation(cancelShare);
