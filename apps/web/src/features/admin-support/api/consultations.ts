import { feedback } from '@suanli/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/shared/http';
import { usePagedQuery, type PageParams } from '@/shared/query/use-paged-query';
import { adminSupportKeys } from './keys';

export type ConsultationState = (typeof feedback.CONSULTATION_STATES)[number];
export type ConsultationFilters = { state?: ConsultationState };
export type ConsultationPage = Awaited<ReturnType<typeof fetchConsultationPage>>;
export type ConsultationRow = ConsultationPage['rows'][number];

function fetchConsultationPage({ pageNum, pageSize, state }: PageParams<ConsultationFilters>) {
  return http.call(feedback.listConsultations, { query: { pageNum, pageSize, state } });
}

/** Business consultations, oldest first, in one state (pending unless the filter says otherwise). */
export function useConsultationPages() {
  return usePagedQuery<ConsultationPage, ConsultationFilters>({
    queryKey: adminSupportKeys.consultations(),
    fetcher: fetchConsultationPage,
    initialFilters: { state: 'pending' },
  });
}

/** Marks a lead handled, with the note of how the customer was contacted (kept as the audit row's reason). */
export function useHandleConsultation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      http.call(feedback.handleConsultation, { params: { id }, body: { reason }, silent: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminSupportKeys.consultations() }),
  });
}
