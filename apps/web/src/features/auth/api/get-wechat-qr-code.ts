import { wechat } from '@suanli/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/shared/http';
import { authKeys } from './keys';

export type WechatQrPurpose = 'login' | 'bind';

export function fetchWechatQrCode(purpose: WechatQrPurpose) {
  // A login QR is asked for by a guest; a bind QR belongs to the signed-in user and carries the token.
  return http.call(wechat.getWechatQrCode, { query: { purpose }, withoutToken: purpose === 'login' });
}

/** `attempt` grows when the user asks for a fresh QR after the old one expired. */
export const wechatQrQueryOptions = (purpose: WechatQrPurpose, attempt: number) =>
  queryOptions({
    queryKey: authKeys.wechatQr(purpose, attempt),
    queryFn: () => fetchWechatQrCode(purpose),
    staleTime: Infinity,
    gcTime: 0,
  });

export function useWechatQrCode(purpose: WechatQrPurpose, attempt: number) {
  return useQuery(wechatQrQueryOptions(purpose, attempt));
}
