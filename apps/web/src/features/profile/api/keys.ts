import { rootKeys } from '@/shared/query/root-keys';

/** Query keys of the profile area (basic settings); the profile is account data, under the account root. */
export const profileKeys = {
  all: [...rootKeys.account, 'profile'] as const,
  detail: () => [...profileKeys.all, 'detail'] as const,
};
