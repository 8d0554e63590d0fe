import type { Config } from '../../config.js';
import type { Clock } from '../../jobs/clock.js';
import { officialAccountProvider } from './official-account.js';
import { sandboxProvider } from './sandbox.js';
import type { WechatQrProvider } from './types.js';

export type { WechatQrProvider } from './types.js';
export { parseScanEvent, verifyEventSignature, WechatUnavailableError } from './official-account.js';
export { renderSandboxPage, SANDBOX_PAGE_SCRIPT } from './sandbox.js';

/** The provider chosen by WECHAT_LOGIN; config/wechat-login.ts insists on the official account's keys. */
export function wechatQrProvider(config: Config, clock: Clock): WechatQrProvider {
  const { wechatLogin } = config;
  if (wechatLogin.provider === 'official') {
    return officialAccountProvider({ ...wechatLogin, clock });
  }
  return sandboxProvider(config.http.publicUrl);
}
