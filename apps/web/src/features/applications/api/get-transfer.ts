import { workspaceTransfers, type EndpointData } from '@suanli/contract';
import { useQuery } from '@tanstack/react-query';
import { http } from '@/shared/http';
import { applicationsKeys } from './keys';

export type Transfer = EndpointData<typeof workspaceTransfers.getTransfer>;

/** How often a copy's progress is read while it runs. */
const PROGRESS_POLL_MS = 1_000;

export function fetchTransfer(id: string) {
  return http.call(workspaceTransfers.getTransfer, { params: { id }, silent: true });
}

/** A copy onto a data disk, read again every second until it is done or failed. */
export function useTransfer(id: string | null, initial: Transfer | null) {
  return useQuery({
    queryKey: applicationsKeys.transfer(id ?? ''),
    queryFn: () => fetchTransfer(id!),
    enabled: id !== null,
    initialData: initial ?? undefined,
    refetchInterval: (query) => {
      const state = query.state.data?.state;
      return state === 'done' || state === 'failed' ? false : PROGRESS_POLL_MS;
    },
  });
}
