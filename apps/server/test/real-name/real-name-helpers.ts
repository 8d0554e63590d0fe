import type { TestApp } from '../helpers/build-test-app.js';

export function verify(t: TestApp, token: string, realName: string, idCard: string, locale?: 'zh-CN' | 'en-US') {
  const query = new URLSearchParams({ realName, idCard });
  return t.request({ method: 'POST', url: `/api/auth/realNameAuth2?${query}`, token, locale });
}

export const statusOf = (t: TestApp, token: string) =>
  t.request({ method: 'PUT', url: '/api/auth/user/upVerified', token });

/** What the console's route guard for /reward asks (spec §2, isAuth). */
export const rewardGate = async (t: TestApp, token: string) =>
  (await t.request({ method: 'POST', url: '/api/system/user/getVerified', token })).json().data.status as string;
