import { describe, expect, it } from 'vitest';
import { filterMenu } from './filter-menu';
import { MAIN_MENU, menuKeys, type MenuEntry } from './menu-table';

const menu: MenuEntry[] = [
  { kind: 'route', key: 'aigc' },
  { kind: 'route', key: 'myOrder' },
  {
    kind: 'group',
    key: 'myWallet',
    children: [
      { kind: 'route', key: 'voucher' },
      { kind: 'route', key: 'invoices' },
    ],
  },
  { kind: 'action', key: 'helpDocs' },
];

const permissionOf = (key: string) => ({ myOrder: 'order', voucher: ['wallet', 'finance'], invoices: 'invoice' })[key];

describe('filterMenu', () => {
  it('keeps every entry whose route declares no permission', () => {
    expect(menuKeys(filterMenu(MAIN_MENU, { permissionOf: () => undefined, permissions: [] }))).toEqual(
      menuKeys(MAIN_MENU),
    );
  });

  it('hides entries whose route permission the user lacks, and groups left empty', () => {
    const visible = filterMenu(menu, { permissionOf, permissions: [] });

    expect(menuKeys(visible)).toEqual(['aigc', 'helpDocs']);
  });

  it('shows an entry when any of its permission ids is among the user permissions', () => {
    const permissions = [{ permissionId: 'finance', actionList: ['query'] }];

    expect(menuKeys(filterMenu(menu, { permissionOf, permissions }))).toEqual([
      'aigc',
      'myWallet',
      'voucher',
      'helpDocs',
    ]);
  });
});
