import { wallet } from '@suanli/contract';
import { useQuery } from '@tanstack/react-query';
import { http } from '@/shared/http';
import { applicationsKeys } from './keys';

/** How many of an application's newest bill lines its cost popover shows. */
export const BILL_LINES_SHOWN = 10;

/** An application's bill lines: the ledger entries of its order number, newest first. */
export function fetchBillLines(orderNo: string) {
  return http.call(wallet.listLedger, { query: { orderNo, pageNum: 1, pageSize: BILL_LINES_SHOWN } });
}

/** Read when the popover opens, not for every row of the list. */
export function useBillLines(orderNo: string, enabled: boolean) {
  return useQuery({ queryKey: applicationsKeys.bills(orderNo), queryFn: () => fetchBillLines(orderNo), enabled });
}
