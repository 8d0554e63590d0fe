import { rootKeys } from '@/shared/query/root-keys';

/** Query keys of the dashboard, under the account root so they leave with the session: one per operator area. */
export const adminDashboardKeys = {
  all: [...rootKeys.account, 'adminDashboard'] as const,
  section: (area: 'support' | 'finance' | 'fleet' | 'admin') => [...adminDashboardKeys.all, area] as const,
};
