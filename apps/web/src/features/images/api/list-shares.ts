import { userImages, type EndpointData } from '@suanli/contract';
import { useQuery } from '@tanstack/react-query';
import { http } from '@/shared/http';
import { imagesKeys } from './keys';

export type ShareRecord = EndpointData<typeof userImages.listImageShares>[number];

export function fetchShares(id: string) {
  return http.call(userImages.listImageShares, { params: { id } });
}

/** The share record of one of the caller's images: masked phone, time, status. */
export const useShares = (id: string) => useQuery({ queryKey: imagesKeys.shares(id), queryFn: () => fetchShares(id) });
