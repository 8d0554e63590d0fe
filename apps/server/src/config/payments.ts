import { z } from 'zod';
import { configGroup, requiredWhen, sandboxRefusal, urlRequiredWhen, type Refusal } from './group.js';

const LIVE = 'PAYMENTS=live';
const FICTITIOUS_BANK_ACCOUNT = '0000 0000 0000 0000 000';

const sandbox = z.object({ PAYMENTS: z.literal('sandbox') }).transform((env) => ({ provider: env.PAYMENTS }));

/**
 * WeChat Pay API v3 (Native) and Alipay (当面付 QR and 手机网站支付), every setting present, each notifying under
 * PUBLIC_URL.
 */
const live = z
  .object({
    PAYMENTS: z.literal('live'),
    // Each provider is told where to notify, which a relative link cannot say.
    PUBLIC_URL: urlRequiredWhen(LIVE),
    WECHAT_PAY_MCH_ID: requiredWhen(LIVE),
    WECHAT_PAY_APP_ID: requiredWhen(LIVE),
    WECHAT_PAY_CERT_SERIAL: requiredWhen(LIVE),
    WECHAT_PAY_PRIVATE_KEY_FILE: requiredWhen(LIVE),
    WECHAT_PAY_API_V3_KEY: requiredWhen(LIVE).length(32, { message: 'must be the 32-character API v3 key' }),
    WECHAT_PAY_PLATFORM_KEY_FILE: requiredWhen(LIVE),
    WECHAT_PAY_PLATFORM_SERIAL: requiredWhen(LIVE),
    WECHAT_PAY_API_BASE: z.url().default('https://api.mch.weixin.qq.com'),
    ALIPAY_APP_ID: requiredWhen(LIVE),
    ALIPAY_PRIVATE_KEY_FILE: requiredWhen(LIVE),
    ALIPAY_PUBLIC_KEY_FILE: requiredWhen(LIVE),
    ALIPAY_GATEWAY: z.url().default('https://openapi.alipay.com/gateway.do'),
    ALIPAY_SELLER_ID: z.string().optional(),
  })
  .transform((env) => ({
    provider: env.PAYMENTS,
    notifyBase: env.PUBLIC_URL.replace(/\/$/, ''),
    wechatPay: {
      mchId: env.WECHAT_PAY_MCH_ID,
      appId: env.WECHAT_PAY_APP_ID,
      certSerial: env.WECHAT_PAY_CERT_SERIAL,
      privateKeyFile: env.WECHAT_PAY_PRIVATE_KEY_FILE,
      apiV3Key: env.WECHAT_PAY_API_V3_KEY,
      platformKeyFile: env.WECHAT_PAY_PLATFORM_KEY_FILE,
      platformSerial: env.WECHAT_PAY_PLATFORM_SERIAL,
      apiBase: env.WECHAT_PAY_API_BASE,
    },
    alipay: {
      appId: env.ALIPAY_APP_ID,
      privateKeyFile: env.ALIPAY_PRIVATE_KEY_FILE,
      publicKeyFile: env.ALIPAY_PUBLIC_KEY_FILE,
      gateway: env.ALIPAY_GATEWAY,
      /** The seller (2088…) a notification must name, checked when set. */
      sellerId: env.ALIPAY_SELLER_ID,
    },
  }));

/** The account a bank-transfer recharge is paid into; the defaults are fictitious, and refused in production. */
const bankAccount = z
  .object({
    BANK_ACCOUNT_NAME: z.string().default('示例算力科技有限公司（虚构，仅供开发）'),
    BANK_NAME: z.string().default('示例银行北京示例支行（虚构）'),
    BANK_ACCOUNT_NUMBER: z.string().default(FICTITIOUS_BANK_ACCOUNT),
  })
  .transform((env) => ({
    bankAccount: {
      accountName: env.BANK_ACCOUNT_NAME,
      bankName: env.BANK_NAME,
      accountNumber: env.BANK_ACCOUNT_NUMBER,
    },
  }));

/**
 * How recharges are paid: the embedded sandbox cashier or, with PAYMENTS=live, WeChat Pay and Alipay with every
 * setting they need; and the bank account for transfers, whichever is chosen.
 */
export const payments = configGroup({
  schema: z.intersection(
    z
      .looseObject({ PAYMENTS: z.enum(['sandbox', 'live']).default('sandbox') })
      .pipe(z.discriminatedUnion('PAYMENTS', [sandbox, live])),
    bankAccount,
  ),
  refuseInProduction: (payments) => {
    const refusals: Refusal[] = payments.provider === 'sandbox' ? [sandboxRefusal('PAYMENTS', 'sandbox')] : [];
    if (payments.bankAccount.accountNumber === FICTITIOUS_BANK_ACCOUNT) {
      refusals.push({ variable: 'BANK_ACCOUNT_NUMBER', message: 'must be the real receiving account in production' });
    }
    return refusals;
  },
});
