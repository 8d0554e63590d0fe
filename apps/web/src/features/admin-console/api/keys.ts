import { rootKeys } from '@/shared/query/root-keys';

/**
 * Query keys of the operations console. The caller's own areas sit under the account root, so they leave with the
 * session; a grant or revoke refreshes the whole console (`all`), its own areas included.
 */
export const adminConsoleKeys = {
  all: [...rootKeys.account, 'adminConsole'] as const,
  myAreas: () => [...adminConsoleKeys.all, 'myAreas'] as const,
  auditLog: () => [...adminConsoleKeys.all, 'auditLog'] as const,
  operators: () => [...adminConsoleKeys.all, 'operators'] as const,
};
