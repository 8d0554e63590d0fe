import { site } from '@suanli/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { currentLanguage } from '../i18n';
import { http } from '../http';

export type SiteInfo = site.SiteInfo;

/** The operator's public details (footer, consent links, customer service), configured on the server. */
export function fetchSiteInfo(): Promise<SiteInfo> {
  // Silent: without it the footer and the contact card show less, and the page is no worse.
  return http.call(site.getSiteInfo, { withoutToken: true, silent: true });
}

/**
 * Read by several areas (the shell, registration consent), so it lives here rather than in one feature. The company
 * name comes in the request's language, hence the language in the key; it changes only with a deployment.
 */
export const siteInfoQueryOptions = () =>
  queryOptions({
    queryKey: ['site', 'info', currentLanguage()] as const,
    queryFn: fetchSiteInfo,
    staleTime: Infinity,
  });

export function useSiteInfo() {
  return useQuery(siteInfoQueryOptions());
}
