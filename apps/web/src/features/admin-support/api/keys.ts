import { rootKeys } from '@/shared/query/root-keys';

/** Query keys of the review and support desks; under the account root, so they leave with the session. */
export const adminSupportKeys = {
  all: [...rootKeys.account, 'adminSupport'] as const,
  imageSubmissions: () => [...adminSupportKeys.all, 'imageSubmissions'] as const,
  feedback: () => [...adminSupportKeys.all, 'feedback'] as const,
  consultations: () => [...adminSupportKeys.all, 'consultations'] as const,
  /** Under the consultations' key: a change to a lead refreshes its list and its timeline together. */
  consultationNotes: (id: string) => [...adminSupportKeys.consultations(), 'notes', id] as const,
  notices: () => [...adminSupportKeys.all, 'notices'] as const,
  partners: () => [...adminSupportKeys.all, 'partners'] as const,
};
