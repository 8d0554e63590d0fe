import { usersDesk, type RoleKey } from '@suanli/contract';
import { useQuery } from '@tanstack/react-query';
import { http } from '@/shared/http';
import { usePagedQuery, type PageParams } from '@/shared/query/use-paged-query';
import { adminUsersKeys } from './keys';

export type AccountState = 'active' | 'locked';
/** The search: id, phone or e-mail (whole or its beginning) or a part of the nickname; a role; a state. */
export type UserFilters = { q?: string; role?: RoleKey; state?: AccountState };

export type UserPage = Awaited<ReturnType<typeof fetchUserPage>>;
export type UserRow = UserPage['rows'][number];
export type UserDetail = Awaited<ReturnType<typeof fetchDetail>>;
export type LedgerPage = Awaited<ReturnType<typeof fetchLedger>>;
export type OrderPage = Awaited<ReturnType<typeof fetchOrders>>;
export type ApplicationPage = Awaited<ReturnType<typeof fetchApplications>>;

function fetchUserPage({ pageNum, pageSize, sort: _sort, q, role, state }: PageParams<UserFilters>) {
  return http.call(usersDesk.searchUsers, {
    query: { pageNum, pageSize, q, role, state },
  });
}

const fetchDetail = (userId: string) => http.call(usersDesk.getUserDetail, { params: { userId } });

const fetchLedger = (userId: string, { pageNum, pageSize }: PageParams) =>
  http.call(usersDesk.listUserLedger, { params: { userId }, query: { pageNum, pageSize } });

const fetchOrders = (userId: string, { pageNum, pageSize }: PageParams) =>
  http.call(usersDesk.listUserOrders, { params: { userId }, query: { pageNum, pageSize } });

const fetchApplications = (userId: string, { pageNum, pageSize }: PageParams) =>
  http.call(usersDesk.listUserApplications, { params: { userId }, query: { pageNum, pageSize } });

export function useUserSearch() {
  return usePagedQuery<UserPage, UserFilters>({ queryKey: adminUsersKeys.search(), fetcher: fetchUserPage });
}

export function useUserDetail(userId: string) {
  return useQuery({ queryKey: adminUsersKeys.detail(userId), queryFn: () => fetchDetail(userId) });
}

export const useUserLedger = (userId: string) =>
  usePagedQuery<LedgerPage>({
    queryKey: adminUsersKeys.history(userId, 'ledger'),
    fetcher: (params) => fetchLedger(userId, params),
  });

export const useUserOrders = (userId: string) =>
  usePagedQuery<OrderPage>({
    queryKey: adminUsersKeys.history(userId, 'orders'),
    fetcher: (params) => fetchOrders(userId, params),
  });

export const useUserApplications = (userId: string) =>
  usePagedQuery<ApplicationPage>({
    queryKey: adminUsersKeys.history(userId, 'applications'),
    fetcher: (params) => fetchApplications(userId, params),
  });
