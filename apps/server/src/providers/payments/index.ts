import type { Config } from '../../config.js';
import type { Clock } from '../../jobs/clock.js';
import { alipayProvider, type Alipay } from './alipay.js';
import { loadPrivateKey, loadPublicKey } from './keys.js';
import { sandboxCashier, type SandboxCashier } from './sandbox.js';
import type { PaymentProvider, QrChannel, WapPayment } from './types.js';
import { wechatPayProvider, type WechatPay } from './wechat-pay.js';

export type {
  ClearedPayment,
  PaidNotice,
  PaymentOrder,
  PaymentProvider,
  ProviderTrade,
  QrChannel,
  RefundOutcome,
  RefundRequest,
  WapPayment,
} from './types.js';
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

type LiveSettings = Extract<Config['payments'], { provider: 'live' }>;

function livePayments(settings: LiveSettings): LivePayments {
  const { notifyBase, wechatPay: wechat, alipay: ali } = settings;
  const wechatPay = wechatPayProvider({
    mchId: wechat.mchId,
    appId: wechat.appId,
    certSerial: wechat.certSerial,
    privateKey: loadPrivateKey(wechat.privateKeyFile, 'WECHAT_PAY_PRIVATE_KEY_FILE'),
    apiV3Key: wechat.apiV3Key,
    platformKey: loadPublicKey(wechat.platformKeyFile, 'WECHAT_PAY_PLATFORM_KEY_FILE'),
    platformSerial: wechat.platformSerial,
    apiBase: wechat.apiBase,
    notifyUrl: `${notifyBase}${NOTIFY_PATHS.wechat}`,
  });
  const alipay = alipayProvider({
    appId: ali.appId,
    privateKey: loadPrivateKey(ali.privateKeyFile, 'ALIPAY_PRIVATE_KEY_FILE'),
    alipayPublicKey: loadPublicKey(ali.publicKeyFile, 'ALIPAY_PUBLIC_KEY_FILE'),
    gateway: ali.gateway,
    sellerId: ali.sellerId,
    notifyUrl: `${notifyBase}${NOTIFY_PATHS.alipay}`,
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
    refund: (request) => adapter(request.channel).refund(request),
    clearing: (request) => adapter(request.channel).clearing(request),
  };
}

/**
 * The provider chosen by PAYMENTS: the embedded sandbox cashier, or WeChat Pay and Alipay, whose settings
 * config/payments.ts insists on and whose key files are read here, at start, so that a wrong path or key stops the
 * server with its name.
 */
export function paymentProvider(config: Config, clock: Clock): Payments {
  return config.payments.provider === 'live'
    ? livePayments(config.payments)
    : sandboxCashier(config.http.publicUrl, clock);
}
