import { userImages } from '@suanli/contract';
import { http } from '@/shared/http';
import { useImagesMutation } from './use-images-mutation';

export function deleteImage(id: string) {
  return http.call(userImages.deleteUserImage, { query: { id } });
}

export const useDeleteImage = () => useImagesMutation(deleteImage);
