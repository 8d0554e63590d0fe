import { dashboard } from '@suanli/contract';
import { useQuery } from '@tanstack/react-query';
import { http } from '@/shared/http';
import { adminDashboardKeys } from './keys';

// Figures move all the time: read again each minute while the page is open, and when the operator comes back to it.
const REFRESH_MS = 60_000;

export type UsersFigures = Awaited<ReturnType<typeof fetchUsers>>;
export type MoneyFigures = Awaited<ReturnType<typeof fetchMoney>>;
export type FleetFigures = Awaited<ReturnType<typeof fetchFleet>>;
export type OperationsFigures = Awaited<ReturnType<typeof fetchOperations>>;
export type ParkedEvent = OperationsFigures['parked'][number];

const fetchUsers = () => http.call(dashboard.getUsersDashboard);
const fetchMoney = () => http.call(dashboard.getMoneyDashboard);
const fetchFleet = () => http.call(dashboard.getFleetDashboard);
const fetchOperations = () => http.call(dashboard.getOperationsDashboard);

export const useUsersFigures = () =>
  useQuery({ queryKey: adminDashboardKeys.section('support'), queryFn: fetchUsers, refetchInterval: REFRESH_MS });

export const useMoneyFigures = () =>
  useQuery({ queryKey: adminDashboardKeys.section('finance'), queryFn: fetchMoney, refetchInterval: REFRESH_MS });

export const useFleetFigures = () =>
  useQuery({ queryKey: adminDashboardKeys.section('fleet'), queryFn: fetchFleet, refetchInterval: REFRESH_MS });

export const useOperationsFigures = () =>
  useQuery({ queryKey: adminDashboardKeys.section('admin'), queryFn: fetchOperations, refetchInterval: REFRESH_MS });
