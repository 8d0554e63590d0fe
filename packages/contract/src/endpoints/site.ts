import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';

/** When customer service answers: the days, the hours (24-hour `HH:mm`) and the IANA time zone they are in. */
export const supportHoursSchema = z.object({
  days: z.enum(['weekdays', 'daily']),
  opensAt: z.string().regex(/^\d{2}:\d{2}$/),
  closesAt: z.string().regex(/^\d{2}:\d{2}$/),
  timeZone: z.string(),
});

export const getSiteInfo = defineEndpoint({
  id: 'getSiteInfo',
  method: 'GET',
  path: '/system/site/info',
  auth: 'none',
  summary:
    "The operator's public details from configuration: company name (in the request's language), ICP and " +
    'public-security filing numbers, agreement and privacy links, and how to reach customer service',
  tag: 'system',
  data: z.object({
    companyName: z.string(),
    icpNumber: z.string(),
    publicSecurityNumber: z.string(),
    agreementUrl: z.string(),
    privacyUrl: z.string(),
    support: z.object({
      phone: z.string(),
      email: z.string(),
      hours: supportHoursSchema,
      /** The WeChat customer-service link that the console shows as a QR to scan. */
      wechatUrl: z.string(),
    }),
  }),
});

export type SiteInfo = z.output<typeof getSiteInfo.data>;
