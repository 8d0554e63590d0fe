import type { ConsoleRouteKey } from './route-table';

export type MenuActionKey = 'helpDocs' | 'feedback' | 'contactUs';

export type MenuEntry =
  | { kind: 'route'; key: ConsoleRouteKey }
  | { kind: 'group'; key: string; children: readonly MenuEntry[] }
  | { kind: 'action'; key: MenuActionKey };

const route = (key: ConsoleRouteKey): MenuEntry => ({ kind: 'route', key });
const group = (key: string, children: readonly MenuEntry[]): MenuEntry => ({ kind: 'group', key, children });
const action = (key: MenuActionKey): MenuEntry => ({ kind: 'action', key });

/** The top menu of spec §2 "Menu entries", in order; labels are `menu:<key>`. */
export const MAIN_MENU: readonly MenuEntry[] = [
  route('ourConsole'),
  route('aigc'),
  route('myApp'),
  route('computerPower'),
  route('APIOpen'),
  group('more', [
    route('model'),
    group('cloudSpace', [route('dateCenter'), route('myMirror')]),
    group('myWallet', [
      route('voucherCenter'),
      route('myOrder'),
      route('voucher'),
      route('invoices'),
      route('revAndexp'),
    ]),
    group('userCenterGroup', [route('userCenter'), route('basicSet')]),
    route('userEncourage'),
    route('reward'),
    route('businessImplementation'),
    action('helpDocs'),
    action('feedback'),
    action('contactUs'),
  ]),
];

/** Every key the menu shows, groups and actions included. */
export function menuKeys(entries: readonly MenuEntry[] = MAIN_MENU): string[] {
  return entries.flatMap((entry) => (entry.kind === 'group' ? [entry.key, ...menuKeys(entry.children)] : [entry.key]));
}

/** The keys of every group, nested ones included: the phone drawer opens them all. */
export function groupKeys(entries: readonly MenuEntry[]): string[] {
  return entries.flatMap((entry) => (entry.kind === 'group' ? [entry.key, ...groupKeys(entry.children)] : []));
}
