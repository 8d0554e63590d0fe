import { catalogue } from '@suanli/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/shared/http';
import { catalogueKeys } from './keys';

export interface ReviseOfficialIntroductionInput {
  id: string;
  /** Markdown, in the language the console is in: the server stores it for the caller's language. */
  introduction: string;
  /** Why the operator revises it: the audit log keeps it with the change. */
  reason: string;
}

/** An operator's revision of an official image (review area). Silent: the dialog shows why a save failed. */
export function reviseOfficialImageIntroduction({ id, ...body }: ReviseOfficialIntroductionInput) {
  return http.call(catalogue.reviseOfficialImageIntroduction, { params: { id }, body, silent: true });
}

export function useReviseOfficialImageIntroduction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviseOfficialImageIntroduction,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogueKeys.images() }),
  });
}
