import { describe, expect, it } from 'vitest';
import { i18n } from '@/shared/i18n';
import { menuKeys } from './menu-table';
import { ALL_ROUTES } from './route-table';

const LOCALES = ['zh-CN', 'en-US'] as const;

function exists(locale: string, key: string): boolean {
  return i18n.exists(key, { lng: locale, fallbackLng: false });
}

describe('route and menu texts', () => {
  it.each(LOCALES)('give every route a title, a description and a menu label in %s', (locale) => {
    const missing = ALL_ROUTES.flatMap((route) =>
      [route.titleKey, route.titleKey.replace(/\.title$/, '.description'), `menu:${route.menuKey}`].filter(
        (key) => !exists(locale, key),
      ),
    );
    expect(missing).toEqual([]);
  });

  it.each(LOCALES)('label every menu entry in %s', (locale) => {
    expect(menuKeys().filter((key) => !exists(locale, `menu:${key}`))).toEqual([]);
  });

  it('lists every route of the spec, spelled as the spec spells it, and the help center', () => {
    expect(ALL_ROUTES.map((route) => route.path)).toEqual([
      '',
      '/aigc',
      '/ourConsole',
      '/voucherCenter',
      '/myOrder',
      '/model',
      '/modelDetial',
      '/coupon',
      '/voucher',
      '/invoices',
      '/applyInvoice',
      '/changeInvoice',
      '/revAndexp',
      '/imageDetail',
      '/computerPower',
      '/mirror',
      '/myApp',
      '/myMirror',
      '/dateCenter',
      '/userCenter',
      '/basicSet',
      '/invoicesMsg',
      '/userEncourage',
      '/reward',
      '/businessImplementation',
      '/APIOpen',
      '/help/:doc?',
      '/viewApp',
    ]);
  });

  it('marks exactly the spec routes as open, kept alive and identity-checked', () => {
    const flagged = (flag: 'noPermission' | 'keepAlive' | 'isAuth') =>
      ALL_ROUTES.filter((route) => route[flag]).map((route) => route.path);
    expect(flagged('noPermission')).toEqual([
      '',
      '/aigc',
      '/model',
      '/imageDetail',
      '/computerPower',
      '/businessImplementation',
      '/APIOpen',
      '/help/:doc?',
      '/viewApp',
    ]);
    expect(flagged('keepAlive')).toEqual(['/model', '/mirror']);
    expect(flagged('isAuth')).toEqual(['/reward']);
  });
});
