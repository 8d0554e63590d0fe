import { z } from 'zod';
import { configGroup } from './group.js';

/**
 * The operator's public details (modules/site, decisions/0011): the footer's company and filing numbers, the
 * agreement and privacy links, and customer service. The defaults are fictitious on purpose (zeros, "示例"), for
 * development.
 */
export const site = configGroup({
  schema: z
    .object({
      SITE_COMPANY_NAME: z.string().default('示例算力科技有限公司（虚构，仅供开发）'),
      SITE_COMPANY_NAME_EN: z.string().default('Example Compute Technology Co., Ltd. (fictitious, for development)'),
      SITE_ICP_NUMBER: z.string().default('京ICP备00000000号-0'),
      SITE_PUBLIC_SECURITY_NUMBER: z.string().default('京公网安备00000000000000号'),
      SITE_AGREEMENT_URL: z.string().default('/help/user-agreement'),
      SITE_PRIVACY_URL: z.string().default('/help/privacy-policy'),
      SUPPORT_PHONE: z.string().default('400-000-0000'),
      SUPPORT_EMAIL: z.email().default('support@example.com'),
      SUPPORT_DAYS: z.enum(['weekdays', 'daily']).default('weekdays'),
      SUPPORT_HOURS: z
        .string()
        .regex(/^\d{2}:\d{2}-\d{2}:\d{2}$/, { message: 'must be HH:mm-HH:mm' })
        .default('09:00-18:00'),
      SUPPORT_TIME_ZONE: z.string().default('Asia/Shanghai'),
      SUPPORT_WECHAT_URL: z.string().default('https://work.weixin.qq.com/kfid/kfc0000000000000000'),
    })
    .transform((env) => {
      const [opensAt, closesAt] = env.SUPPORT_HOURS.split('-') as [string, string];
      return {
        companyName: { 'zh-CN': env.SITE_COMPANY_NAME, 'en-US': env.SITE_COMPANY_NAME_EN },
        icpNumber: env.SITE_ICP_NUMBER,
        publicSecurityNumber: env.SITE_PUBLIC_SECURITY_NUMBER,
        agreementUrl: env.SITE_AGREEMENT_URL,
        privacyUrl: env.SITE_PRIVACY_URL,
        support: {
          phone: env.SUPPORT_PHONE,
          email: env.SUPPORT_EMAIL,
          hours: { days: env.SUPPORT_DAYS, opensAt, closesAt, timeZone: env.SUPPORT_TIME_ZONE },
          wechatUrl: env.SUPPORT_WECHAT_URL,
        },
      };
    }),
});
