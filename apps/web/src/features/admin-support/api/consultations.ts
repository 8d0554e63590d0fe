import { feedback } from '@suanli/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

export type ConsultationMove = (typeof feedback.CONSULTATION_MOVES)[number];

/** Moves a lead on (converted, closed…) at the version read, the reason kept as a note of its timeline. */
export function useMoveConsultation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string; state: ConsultationMove; version: number; reason: string }) =>
      http.call(feedback.setConsultationState, { params: { id }, body, silent: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminSupportKeys.consultations() }),
  });
}

/** A lead's timeline, oldest first. */
export function useConsultationNotes(id: string) {
  return useQuery({
    queryKey: adminSupportKeys.consultationNotes(id),
    queryFn: () => http.call(feedback.listConsultationNotes, { params: { id } }),
  });
}

export function useAddConsultationNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      http.call(feedback.addConsultationNote, { params: { id }, body: { reason }, silent: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminSupportKeys.consultations() }),
  });
}
