import { rootKeys } from '@/shared/query/root-keys';

/** Query keys of the users desk, under the account root so they leave with the session; a change refreshes `all`. */
export const adminUsersKeys = {
  all: [...rootKeys.account, 'adminUsers'] as const,
  search: () => [...adminUsersKeys.all, 'search'] as const,
  detail: (userId: string) => [...adminUsersKeys.all, 'user', userId] as const,
  history: (userId: string, list: 'ledger' | 'orders' | 'applications') =>
    [...adminUsersKeys.detail(userId), list] as const,
};
