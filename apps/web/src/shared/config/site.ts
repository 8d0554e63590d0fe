/** Where the API lives for the browser; the dev server proxies it to the API server (vite.config.ts). */
export const API_BASE = '/api';

/** The OpenAPI reference the server serves; "help docs" in the menu opens it in a new tab. */
export const API_DOCS_URL = '/api/docs';

/** Customer-service contact data shown in the popover; the labels around them are i18n keys. */
export const SUPPORT_CONTACT = {
  phone: '400-000-0000',
  email: 'support@suanli.cloud',
} as const;

/** Keys under which the console keeps state in the browser. */
export const STORAGE_KEYS = {
  token: 'suanli.access-token',
  interfaceSettings: 'suanli.interface-settings',
  vipInfo: 'suanli.vip-info',
} as const;
