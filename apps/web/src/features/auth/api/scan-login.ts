import { TIMING, wechat } from '@suanli/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http, isHttpError } from '@/shared/http';
import { authKeys } from './keys';

export type ScanState =
  { kind: 'waiting' } | { kind: 'loggedIn'; token: string } | { kind: 'newUser' } | { kind: 'expired' };

/**
 * One poll of a login QR (spec §4 "WeChat login"): msg '0' with a token means logged in, data 1 a new WeChat user,
 * data 0 nobody has scanned yet, and 409 an expired QR. Silent, because a poll every 3 s must not repeat errors.
 */
export async function fetchScanState(eventKey: string): Promise<ScanState> {
  try {
    const { data, msg } = await http.callWithMessage(wechat.scanLogin, {
      query: { eventKey },
      withoutToken: true,
      silent: true,
    });
    if (typeof data === 'object' && msg === '0') {
      return { kind: 'loggedIn', token: data.access_token };
    }
    return data === 1 ? { kind: 'newUser' } : { kind: 'waiting' };
  } catch (error) {
    if (isHttpError(error) && error.code === 409) {
      return { kind: 'expired' };
    }
    throw error;
  }
}

/** Polled every 3 s while nobody has scanned (a failed poll is retried on the next tick); stops on any outcome. */
export const scanStateQueryOptions = (eventKey: string) =>
  queryOptions({
    queryKey: authKeys.scan(eventKey),
    queryFn: () => fetchScanState(eventKey),
    gcTime: 0,
    refetchInterval: (query) => {
      const kind = query.state.data?.kind;
      return kind === undefined || kind === 'waiting' || query.state.status === 'error' ? TIMING.wechatPollMs : false;
    },
  });

export function useScanState(eventKey: string | undefined, enabled: boolean) {
  return useQuery({ ...scanStateQueryOptions(eventKey ?? ''), enabled: enabled && Boolean(eventKey) });
}
