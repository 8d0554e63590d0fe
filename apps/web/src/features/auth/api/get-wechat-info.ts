import { wechat } from '@suanli/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/shared/http';
import { authKeys } from './keys';

export function fetchWechatInfo() {
  return http.call(wechat.getWechatInfo);
}

export const wechatInfoQueryOptions = () => queryOptions({ queryKey: authKeys.wechatInfo(), queryFn: fetchWechatInfo });

export function useWechatInfo() {
  return useQuery(wechatInfoQueryOptions());
}
