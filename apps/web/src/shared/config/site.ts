/** Where the API lives for the browser; the dev server proxies it to the API server (vite.config.ts). */
export const API_BASE = '/api';

/** The OpenAPI reference the server serves; the API open platform links to it. */
export const API_DOCS_URL = '/api/docs';

/** Keys under which the console keeps state in the browser. */
export const STORAGE_KEYS = {
  token: 'suanli.access-token',
  interfaceSettings: 'suanli.interface-settings',
  vipInfo: 'suanli.vip-info',
  invitationCode: 'suanli.invitation-code',
} as const;
