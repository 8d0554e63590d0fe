import { wallet, type EndpointData } from '@suanli/contract';
import { useQuery } from '@tanstack/react-query';
import { http } from '@/shared/http';
import { adminFinanceKeys } from './keys';

export type LedgerCheck = EndpointData<typeof wallet.getLedgerCheck>;
export type LedgerFinding = LedgerCheck['findings'][number];

/** The ledger check, run by the server each time it is read. */
export function useLedgerCheck() {
  return useQuery({ queryKey: adminFinanceKeys.ledgerCheck(), queryFn: () => http.call(wallet.getLedgerCheck, {}) });
}
