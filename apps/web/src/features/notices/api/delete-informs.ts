import { notices } from '@suanli/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/shared/http';
import { noticeKeys } from './keys';
import type { InformSelection } from './mark-informs-read';

export function deleteInforms(selection: InformSelection) {
  return http.call(notices.deleteInforms, { body: selection });
}

export function useDeleteInforms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteInforms,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: noticeKeys.informs() }),
  });
}
