import { wechat } from '@suanli/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/shared/http';
import { authKeys } from './keys';

export function unbindWechat(): Promise<null> {
  return http.call(wechat.unbindWechat);
}

export function useUnbindWechat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unbindWechat,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: authKeys.wechatInfo() }),
        queryClient.invalidateQueries({ queryKey: authKeys.currentUser() }),
      ]),
  });
}
