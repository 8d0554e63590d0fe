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

/**
 * The console's primary colour. antd's blue (#1677ff) carries white button text at 4.1:1, under WCAG AA's 4.5:1; its
 * next shade (#0958d9) carries it at 5.9:1 and still reads as the same brand blue (issue 9).
 */
export const PRIMARY_COLOR = '#0958d9';
