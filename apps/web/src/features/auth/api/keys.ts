/** Query keys of the auth area; invalidating `authKeys.all` forgets everything loaded for the signed-in user. */
export const authKeys = {
  all: ['auth'] as const,
  localFlag: () => [...authKeys.all, 'local-flag'] as const,
  captcha: (scope: string) => [...authKeys.all, 'captcha', scope] as const,
  registered: (account: string) => [...authKeys.all, 'registered', account] as const,
  currentUser: () => [...authKeys.all, 'current-user'] as const,
  vipInfo: () => [...authKeys.all, 'vip-info'] as const,
  isPwd: () => [...authKeys.all, 'is-pwd'] as const,
  wechatQr: (purpose: 'login' | 'bind', attempt: number) => [...authKeys.all, 'wechat-qr', purpose, attempt] as const,
  scan: (eventKey: string) => [...authKeys.all, 'wechat-scan', eventKey] as const,
  wechatBinding: (eventKey: string) => [...authKeys.all, 'wechat-binding', eventKey] as const,
  wechatInfo: () => [...authKeys.all, 'wechat-info'] as const,
};
