import { recharge, type OrderStatus } from '@suanli/contract';
import { http } from '@/shared/http';
import { usePagedQuery, type PageParams } from '@/shared/query/use-paged-query';
import { walletKeys } from './keys';

/** The order list's filters; dates are calendar days (YYYY-MM-DD) of creation, both ends included. */
export type OrderFilters = {
  status?: OrderStatus;
  startDate?: string;
  endDate?: string;
};

export type OrderPage = Awaited<ReturnType<typeof fetchOrderPage>>;
export type OrderRow = OrderPage['rows'][number];

/** One page of the user's orders, newest first. */
export function fetchOrderPage({ pageNum, pageSize, status, startDate, endDate }: PageParams<OrderFilters>) {
  return http.call(recharge.listOrders, { query: { pageNum, pageSize }, body: { status, startDate, endDate } });
}

export function useOrderPages() {
  return usePagedQuery<OrderPage, OrderFilters>({ queryKey: walletKeys.orders(), fetcher: fetchOrderPage });
}
