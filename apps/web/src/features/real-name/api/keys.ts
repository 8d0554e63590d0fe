import { rootKeys } from '@/shared/query/root-keys';

/** Query keys of the real-name area; the verification record is account data, under the account root. */
export const realNameKeys = {
  all: [...rootKeys.account, 'real-name'] as const,
  status: () => [...realNameKeys.all, 'status'] as const,
};
