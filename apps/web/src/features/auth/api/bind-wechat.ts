import { TIMING, wechat } from '@suanli/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http, isHttpError } from '@/shared/http';
import { authKeys } from './keys';

export type BindState = { kind: 'waiting' } | { kind: 'bound' } | { kind: 'refused'; message: string };

/**
 * One poll of a bind QR: data 0 while nobody has scanned, the bound record once the scan is taken, and a refusal
 * (409 "This WeChat is already bound to another user", or an expired QR) with the server's words.
 */
export async function fetchBindState(eventKey: string): Promise<BindState> {
  try {
    const data = await http.call(wechat.bindWechat, { query: { eventKey }, silent: true });
    return data === 0 ? { kind: 'waiting' } : { kind: 'bound' };
  } catch (error) {
    // Any refusal ends the polling; a 401 has already been handled by the client (the login dialog opens).
    if (isHttpError(error) && error.kind === 'response') {
      return { kind: 'refused', message: error.serverMessage };
    }
    throw error;
  }
}

/** Polled every 3 s after the bind QR is shown, like the login QR (spec §9). */
export const bindStateQueryOptions = (eventKey: string) =>
  queryOptions({
    queryKey: authKeys.wechatBinding(eventKey),
    queryFn: () => fetchBindState(eventKey),
    gcTime: 0,
    refetchInterval: (query) => {
      const kind = query.state.data?.kind;
      return kind === undefined || kind === 'waiting' || query.state.status === 'error' ? TIMING.wechatPollMs : false;
    },
  });

export function useBindState(eventKey: string | undefined) {
  return useQuery({ ...bindStateQueryOptions(eventKey ?? ''), enabled: Boolean(eventKey) });
}
