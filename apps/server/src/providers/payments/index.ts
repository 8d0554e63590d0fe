import { publicUrl, type Config } from '../../config.js';
import { sandboxCashier, type SandboxCashier } from './sandbox.js';

export type { PaidNotice, PaymentOrder, PaymentProvider, ProviderTrade, QrChannel } from './types.js';
export { PaymentUnavailableError } from './types.js';
export type { SandboxCashier } from './sandbox.js';
export { CASHIER_PAGE_SCRIPT, renderCashierPage } from './cashier-page.js';

/** The provider chosen by PAYMENTS; today the sandbox cashier, beside which WeChat Pay and Alipay adapters will sit. */
export function paymentProvider(config: Config): SandboxCashier {
  return sandboxCashier(publicUrl(config));
}
