import { catalogue } from '@suanli/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/shared/http';
import { catalogueKeys } from './keys';

export interface ReviseIntroductionInput {
  id: string;
  /** Markdown, in the language the console is in: the server stores it for the caller's language. */
  introduction: string;
}

/** Silent: the dialog shows why a save failed and keeps the text. */
export function reviseImageIntroduction(body: ReviseIntroductionInput) {
  return http.call(catalogue.reviseImageIntroduction, { body, silent: true });
}

export function useReviseImageIntroduction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviseImageIntroduction,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogueKeys.images() }),
  });
}
