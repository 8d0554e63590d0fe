import { notices } from '@suanli/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/shared/http';
import { noticeKeys } from './keys';

export function markNoticeRead(noticeId: string) {
  return http.call(notices.markNoticeRead, { body: { noticeId }, silent: true });
}

export function useMarkNoticeRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNoticeRead,
    onSettled: () => {
      queryClient.setQueryData(noticeKeys.newest(), null);
      return queryClient.invalidateQueries({ queryKey: noticeKeys.platform() });
    },
  });
}
