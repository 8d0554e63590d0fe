import { userImages } from '@suanli/contract';
import { useQuery } from '@tanstack/react-query';
import { http } from '@/shared/http';
import { imagesKeys } from './keys';

export function fetchImageStorage() {
  return http.call(userImages.getUserImageStorage);
}

/** What the caller's images take, the free allowance, and what beyond it costs a day. */
export const useImageStorage = () => useQuery({ queryKey: imagesKeys.storage(), queryFn: fetchImageStorage });
