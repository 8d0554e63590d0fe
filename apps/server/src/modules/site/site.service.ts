import type { Locale, site } from '@suanli/contract';
import type { Config } from '../../config.js';

/** The operator's public details as the console shows them, the company named in the request's language. */
export function siteInfo(config: Config, locale: Locale): site.SiteInfo {
  const { companyName, ...details } = config.site;
  return { ...details, companyName: companyName[locale] };
}
