import { publicUrl, type Config } from '../../config.js';
import type { Clock } from '../../jobs/clock.js';
import { officialAccountProvider } from './official-account.js';
import { sandboxProvider } from './sandbox.js';

/** Makes the QR a user scans with WeChat for one login or binding scene (ARCHITECTURE §7). */
export interface WechatQrProvider {
  /** True for the embedded sandbox, so that the console can say so on screen. */
  readonly sandbox: boolean;
  /**
   * The URL the QR encodes. The official adapter calls WeChat for it, so never call it inside a transaction;
   * it throws WechatUnavailableError when WeChat cannot be reached or refuses.
   */
  qrUrl(sceneStr: string, expiresInSeconds: number): Promise<string>;
}

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
