import { z } from 'zod';
import { configGroup, requiredWhen, sandboxRefusal } from './group.js';

const OFFICIAL = 'WECHAT_LOGIN=official';

const sandbox = z.object({ WECHAT_LOGIN: z.literal('sandbox') }).transform((env) => ({ provider: env.WECHAT_LOGIN }));

const official = z
  .object({
    WECHAT_LOGIN: z.literal('official'),
    WECHAT_APP_ID: requiredWhen(OFFICIAL),
    WECHAT_APP_SECRET: requiredWhen(OFFICIAL),
    WECHAT_TOKEN: requiredWhen(OFFICIAL),
    WECHAT_API_BASE: z.url().default('https://api.weixin.qq.com'),
    WECHAT_QR_BASE: z.url().default('https://mp.weixin.qq.com/cgi-bin/showqrcode'),
  })
  .transform((env) => ({
    provider: env.WECHAT_LOGIN,
    appId: env.WECHAT_APP_ID,
    appSecret: env.WECHAT_APP_SECRET,
    /** The token the official account signs its event pushes with (/wechat/event). */
    token: env.WECHAT_TOKEN,
    apiBase: env.WECHAT_API_BASE,
    qrBase: env.WECHAT_QR_BASE,
  }));

/** Signing in by scanning a QR with WeChat: a local "scan as…" page, or an official account's parametric QR. */
export const wechatLogin = configGroup({
  schema: z
    .looseObject({ WECHAT_LOGIN: z.enum(['sandbox', 'official']).default('sandbox') })
    .pipe(z.discriminatedUnion('WECHAT_LOGIN', [sandbox, official])),
  refuseInProduction: (wechat) => (wechat.provider === 'sandbox' ? [sandboxRefusal('WECHAT_LOGIN', 'sandbox')] : []),
});
