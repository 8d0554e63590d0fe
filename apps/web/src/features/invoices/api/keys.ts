import { rootKeys } from '@/shared/query/root-keys';

/**
 * Query keys of invoices. They sit under the wallet root: a recharge changes what may be invoiced, and the recharge's
 * mutation refreshes the wallet root, this area included.
 */
export const invoiceKeys = {
  all: [...rootKeys.wallet, 'invoices'] as const,
  information: () => [...invoiceKeys.all, 'information'] as const,
  amounts: () => [...invoiceKeys.all, 'amounts'] as const,
  applications: () => [...invoiceKeys.all, 'applications'] as const,
};
