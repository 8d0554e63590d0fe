import { publicUrl, type Config } from '../../config.js';
import { alipayProvider, type Alipay } from './alipay.js';
import { loadPrivateKey, loadPublicKey } from './keys.js';
import { sandboxCashier, type SandboxCashier } from './sandbox.js';
import type { PaymentProvider, QrChannel, WapPayment } from './types.js';
import { wechatPayProvider, type WechatPay } from './wechat-pay.js';

export type { PaidNotice, PaymentOrder, PaymentProvider, ProviderTrade, QrChannel, WapPayment } from './types.js';
export { NotificationRefusedError, PaymentUnavailableError } from './types.js';
export type { SandboxCashier } from './sandbox.js';
export { CASHIER_PAGE_SCRIPT, renderCashierPage } from './cashier-page.js';

/** Where each provider sends its payment notifications, under PUBLIC_URL; the recharge module serves them. */
export const NOTIFY_PATHS = {
  wechat: '/api/recharge/api/wx-pay/notify',
  alipay: '/api/recharge/api/ali-pay/notify',
} as const;

/**
 * The real providers (PAYMENTS=live): each order goes to its channel's adapter, whose notifications it verifies; a
 * mobile-website payment is Alipay's.
 */
export interface LivePayments extends PaymentProvider, WapPayment {
  readonly sandbox: false;
  wechatPay: Pick<WechatPay, 'verifyNotification'>;
  alipay: Pick<Alipay, 'verifyNotification'>;
}

export type Payments = SandboxCashier | LivePayments;

function livePayments(config: Config): LivePayments {
  const base = publicUrl(config);
  const wechatPay = wechatPayProvider({
    mchId: config.WECHAT_PAY_MCH_ID!,
    appId: config.WECHAT_PAY_APP_ID!,
    certSerial: config.WECHAT_PAY_CERT_SERIAL!,
    privateKey: loadPrivateKey(config.WECHAT_PAY_PRIVATE_KEY_FILE!, 'WECHAT_PAY_PRIVATE_KEY_FILE'),
    apiV3Key: config.WECHAT_PAY_API_V3_KEY!,
    platformKey: loadPublicKey(config.WECHAT_PAY_PLATFORM_KEY_FILE!, 'WECHAT_PAY_PLATFORM_KEY_FILE'),
    platformSerial: config.WECHAT_PAY_PLATFORM_SERIAL!,
    apiBase: config.WECHAT_PAY_API_BASE,
    notifyUrl: `${base}${NOTIFY_PATHS.wechat}`,
  });
  const alipay = alipayProvider({
    appId: config.ALIPAY_APP_ID!,
    privateKey: loadPrivateKey(config.ALIPAY_PRIVATE_KEY_FILE!, 'ALIPAY_PRIVATE_KEY_FILE'),
    alipayPublicKey: loadPublicKey(config.ALIPAY_PUBLIC_KEY_FILE!, 'ALIPAY_PUBLIC_KEY_FILE'),
    gateway: config.ALIPAY_GATEWAY,
    sellerId: config.ALIPAY_SELLER_ID,
    notifyUrl: `${base}${NOTIFY_PATHS.alipay}`,
  });
  const adapter = (channel: QrChannel): PaymentProvider => (channel === 'wechat' ? wechatPay : alipay);
  return {
    sandbox: false,
    wechatPay,
    alipay,
    create: (order) => adapter(order.channel).create(order),
    wapPay: (order) => alipay.wapPay(order),
    query: (order) => adapter(order.channel).query(order),
    close: (order) => adapter(order.channel).close(order),
  };
}

/**
 * The provider chosen by PAYMENTS: the embedded sandbox cashier, or WeChat Pay and Alipay, whose keys config.ts
 * insists on and which are read here, at start, so that a wrong path or key stops the server with its name.
 */
export function paymentProvider(config: Config): Payments {
  return config.PAYMENTS === 'live' ? livePayments(config) : sandboxCashier(publicUrl(config));
}
