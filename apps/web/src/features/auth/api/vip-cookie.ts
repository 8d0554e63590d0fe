import { TIMING, type users } from '@suanli/contract';
import Cookies from 'js-cookie';
import { STORAGE_KEYS } from '@/shared/config/site';

export type VipInfo = users.CurrentUser['vip'];

/**
 * Spec §3 keeps the VIP record in a cookie for 10 days. Here the cookie is a saved copy of the VIP query: it seeds the
 * query on a page load and is rewritten by every fetch, and the app forgets it when the session ends.
 */
export function readVipCookie(): VipInfo | undefined {
  const raw = Cookies.get(STORAGE_KEYS.vipInfo);
  if (!raw) {
    return undefined;
  }
  try {
    return JSON.parse(raw) as VipInfo;
  } catch {
    return undefined;
  }
}

export function writeVipCookie(vipInfo: VipInfo): void {
  Cookies.set(STORAGE_KEYS.vipInfo, JSON.stringify(vipInfo), { expires: TIMING.vipCookieDays, sameSite: 'Lax' });
}

export function forgetVipCookie(): void {
  Cookies.remove(STORAGE_KEYS.vipInfo);
}
