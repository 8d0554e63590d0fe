import type { BillingMode, Locale } from '@suanli/contract';
import { rootKeys } from '@/shared/query/root-keys';

/** What a price quote depends on besides the caller (whose VIP grade sits under the wallet root). */
export interface QuoteParams {
  gpuModel: string;
  billingMode: BillingMode;
  duration: number;
  gpuCount: number;
}

/**
 * Query keys of the applications area. The list, the summary and the free GPUs sit under the compute root, so one
 * invalidation after any action refreshes them together (a created application takes GPUs that the next create no
 * longer sees as free). A quote carries the caller's VIP discount, so it sits under the wallet root and leaves with
 * the session and with a VIP change.
 */
export const applicationsKeys = {
  all: rootKeys.compute,
  list: () => [...applicationsKeys.all, 'list'] as const,
  summary: () => [...applicationsKeys.all, 'summary'] as const,
  recent: () => [...applicationsKeys.all, 'recent'] as const,
  one: (id: string) => [...applicationsKeys.all, 'one', id] as const,
  links: (id: string) => [...applicationsKeys.all, 'links', id] as const,
  running: () => [...applicationsKeys.all, 'running'] as const,
  transfer: (id: string) => [...applicationsKeys.all, 'transfer', id] as const,
  availability: (language: Locale, imageId: string, regionId: string | undefined) =>
    [...applicationsKeys.all, 'availability', language, imageId, regionId ?? 'any'] as const,
  // The catalogue does not change with the user's actions; its keys stay outside the user roots.
  images: (language: Locale) => ['applications-catalogue', 'images', language] as const,
  imageTypes: (language: Locale) => ['applications-catalogue', 'image-types', language] as const,
  regions: (language: Locale) => ['applications-catalogue', 'regions', language] as const,
  quote: (params: QuoteParams) => [...rootKeys.wallet, 'application-quote', params] as const,
  // Bill lines are ledger entries: every money mutation refreshes them with the wallet.
  bills: (orderNo: string) => [...rootKeys.wallet, 'application-bills', orderNo] as const,
};
