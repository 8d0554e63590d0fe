import { rootKeys } from '@/shared/query/root-keys';

/** Query keys of the partner programme, under the wallet root: earnings and withdrawals are money. */
export const partnerKeys = {
  all: [...rootKeys.wallet, 'partners'] as const,
  channel: () => [...partnerKeys.all, 'channel'] as const,
  amounts: () => [...partnerKeys.all, 'amounts'] as const,
  account: () => [...partnerKeys.all, 'account'] as const,
  kolMonth: (month: string) => [...partnerKeys.all, 'kol', month] as const,
  creatorMonth: (month: string) => [...partnerKeys.all, 'creator', month] as const,
  withdrawals: () => [...partnerKeys.all, 'withdrawals'] as const,
  apiUserContracts: () => [...partnerKeys.all, 'api-user-contract'] as const,
  // The server writes the contract in the caller's language: one entry per language.
  apiUserContract: (language: string) => [...partnerKeys.apiUserContracts(), language] as const,
};
