import { notices } from '@suanli/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/shared/http';
import { noticeKeys } from './keys';

export type InformSelection = { informIds: string[] } | { all: true };

export function markInformsRead(selection: InformSelection) {
  return http.call(notices.markInformsRead, { body: selection });
}

export function useMarkInformsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markInformsRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: noticeKeys.informs() }),
  });
}
