import { publicUrl, type Config } from '../../config.js';
import type { Clock } from '../../jobs/clock.js';
import { officialAccountProvider } from './official-account.js';
import { sandboxProvider } from './sandbox.js';
import type { WechatQrProvider } from './types.js';

export type { WechatQrProvider } from './types.js';
export { parseScanEvent, verifyEventSignature, WechatUnavailableError } from './official-account.js';
export { renderSandboxPage, SANDBOX_PAGE_SCRIPT } from './sandbox.js';

/** The provider chosen by WECHAT_LOGIN; config.ts already insists on the official account's keys. */
export function wechatQrProvider(config: Config, clock: Clock): WechatQrProvider {
  if (config.WECHAT_LOGIN === 'official') {
    return officialAccountProvider({
      appId: config.WECHAT_APP_ID!,
      appSecret: config.WECHAT_APP_SECRET!,
      apiBase: config.WECHAT_API_BASE,
      qrBase: config.WECHAT_QR_BASE,
      clock,
    });
  }
  return sandboxProvider(publicUrl(config));
}
