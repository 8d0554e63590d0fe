import type { Locale, site } from '@suanli/contract';
import type { Config } from '../../config.js';

/** The operator's public details as the console shows them, the company named in the request's language. */
export function siteInfo(config: Config, locale: Locale): site.SiteInfo {
  const [opensAt, closesAt] = config.SUPPORT_HOURS.split('-') as [string, string];
  return {
    companyName: locale === 'en-US' ? config.SITE_COMPANY_NAME_EN : config.SITE_COMPANY_NAME,
    icpNumber: config.SITE_ICP_NUMBER,
    publicSecurityNumber: config.SITE_PUBLIC_SECURITY_NUMBER,
    agreementUrl: config.SITE_AGREEMENT_URL,
    privacyUrl: config.SITE_PRIVACY_URL,
    support: {
      phone: config.SUPPORT_PHONE,
      email: config.SUPPORT_EMAIL,
      hours: { days: config.SUPPORT_DAYS, opensAt, closesAt, timeZone: config.SUPPORT_TIME_ZONE },
      wechatUrl: config.SUPPORT_WECHAT_URL,
    },
  };
}
