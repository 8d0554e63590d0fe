import { rootKeys } from '@/shared/query/root-keys';

/**
 * Query keys of power points and packages, under the wallet root: a purchase moves the balance and the points at once,
 * so invalidating `rootKeys.wallet` refreshes the balance, the ledger and everything here together.
 */
export const powerKeys = {
  all: [...rootKeys.wallet, 'power'] as const,
  overview: () => [...powerKeys.all, 'overview'] as const,
  catalogue: () => [...powerKeys.all, 'catalogue'] as const,
  myPackages: () => [...powerKeys.all, 'my-packages'] as const,
};
