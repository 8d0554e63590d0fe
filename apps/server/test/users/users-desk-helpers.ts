import type { TestApp } from '../helpers/build-test-app.js';

type Locale = 'zh-CN' | 'en-US';

/** What the console's users desk calls, as an operator holding the area would. */
export function desk(t: TestApp, token: string) {
  const get = (url: string, locale?: Locale) =>
    t.request({ method: 'GET', url: `/api/admin/support${url}`, token, locale });
  const post = (url: string, payload: Record<string, unknown>, locale?: Locale) =>
    t.request({ method: 'POST', url: `/api/admin${url}`, token, payload, locale });
  return {
    search: (query: Record<string, string>) => get(`/users?${new URLSearchParams(query)}`),
    detail: (userId: bigint, locale?: Locale) => get(`/users/${userId}`, locale),
    list: (userId: bigint, what: 'ledger' | 'orders' | 'applications', query: Record<string, string> = {}) =>
      get(`/users/${userId}/${what}?${new URLSearchParams(query)}`),
    lock: (userId: bigint, reason = 'fraud report', locale?: Locale) =>
      post(`/support/users/${userId}/lock`, { reason }, locale),
    unlock: (userId: bigint, reason = 'cleared', locale?: Locale) =>
      post(`/support/users/${userId}/unlock`, { reason }, locale),
    changeRole: (userId: bigint, body: Record<string, unknown>, locale?: Locale) =>
      post(`/admin/users/${userId}/roles`, { reason: 'verified student', ...body }, locale),
  };
}
