import { rootKeys } from '@/shared/query/root-keys';

/**
 * Query keys of the auth area. What the server knows about the signed-in user sits under the account root, so any
 * feature whose action changes it (a new avatar, a verification) refreshes it by invalidating that root. The guest
 * flows (the dialog's flag, captchas, account lookups, WeChat QRs and their polls) sit under `all`, out of its reach:
 * refetching a captcha or a poll would change what the user is looking at.
 */
export const authKeys = {
  all: ['auth'] as const,
  localFlag: () => [...authKeys.all, 'local-flag'] as const,
  captcha: (scope: string) => [...authKeys.all, 'captcha', scope] as const,
  registered: (account: string) => [...authKeys.all, 'registered', account] as const,
  wechatQr: (purpose: 'login' | 'bind', attempt: number) => [...authKeys.all, 'wechat-qr', purpose, attempt] as const,
  scan: (eventKey: string) => [...authKeys.all, 'wechat-scan', eventKey] as const,
  wechatBinding: (eventKey: string) => [...authKeys.all, 'wechat-binding', eventKey] as const,
  currentUser: () => [...rootKeys.account, 'current-user'] as const,
  verifiedStatus: () => [...rootKeys.account, 'verified-status'] as const,
  isPwd: () => [...rootKeys.account, 'is-pwd'] as const,
  wechatInfo: () => [...rootKeys.account, 'wechat-info'] as const,
  // The avatar dropdown's figures belong to the wallet and compute areas, whose actions refresh them. VIP growth comes
  // from money paid and spent, so it sits under the wallet root too: one invalidation after a recharge, a transfer or
  // a redeem refreshes the balance and the grade together.
  balanceSummary: () => [...rootKeys.wallet, 'balance-summary'] as const,
  vipInfo: () => [...rootKeys.wallet, 'vip-info'] as const,
  applicationSummary: () => [...rootKeys.compute, 'application-summary'] as const,
};
