import { matchPath } from 'react-router';
import type { PageLoader, RouteMeta } from './route-meta';

type RouteFlags = Partial<Omit<RouteMeta, 'key' | 'path' | 'load'>>;

/** A route whose title is `routes:<key>.title` and whose own menu entry is `<key>`, unless the flags say otherwise. */
function defineRoute<const Key extends string>(key: Key, path: string, load: PageLoader, flags: RouteFlags = {}) {
  return { key, path, titleKey: `routes:${key}.title`, menuKey: key, load, ...flags } satisfies RouteMeta;
}

const applicationCenter = () => import('./aigc/application-center');
const open = { noPermission: true } as const;

/** Every route of spec §2 under the console layout, paths spelled exactly as the spec spells them. */
export const CONSOLE_ROUTES = [
  defineRoute('consoleApp', '', applicationCenter, { ...open, titleKey: 'routes:aigc.title', menuKey: 'aigc' }),
  defineRoute('aigc', '/aigc', applicationCenter, open),
  defineRoute('ourConsole', '/ourConsole', () => import('./console/our-console')),
  defineRoute('voucherCenter', '/voucherCenter', () => import('./wallet/voucher-center')),
  defineRoute('myOrder', '/myOrder', () => import('./wallet/my-order')),
  defineRoute('model', '/model', () => import('./aigc/model'), { ...open, keepAlive: true }),
  defineRoute('modelDetial', '/modelDetial', () => import('./aigc/model-detail'), { menuKey: 'model' }),
  defineRoute('coupon', '/coupon', () => import('./wallet/coupon'), { menuKey: 'voucher' }),
  defineRoute('voucher', '/voucher', () => import('./wallet/voucher')),
  defineRoute('invoices', '/invoices', () => import('./invoice/invoices')),
  defineRoute('applyInvoice', '/applyInvoice', () => import('./invoice/apply-invoice'), { menuKey: 'invoices' }),
  defineRoute('changeInvoice', '/changeInvoice', () => import('./invoice/change-invoice'), { menuKey: 'invoices' }),
  defineRoute('revAndexp', '/revAndexp', () => import('./wallet/rev-and-exp')),
  defineRoute('imageDetail', '/imageDetail', () => import('./aigc/image-detail'), { ...open, menuKey: 'aigc' }),
  defineRoute('computerPower', '/computerPower', () => import('./wallet/computer-power'), open),
  defineRoute('mirror', '/mirror', () => import('./aigc/mirror'), { keepAlive: true, menuKey: 'aigc' }),
  defineRoute('myApp', '/myApp', () => import('./console/my-app')),
  defineRoute('myMirror', '/myMirror', () => import('./cloud/my-mirror')),
  defineRoute('dateCenter', '/dateCenter', () => import('./cloud/date-center')),
  defineRoute('userCenter', '/userCenter', () => import('./account/user-center')),
  defineRoute('basicSet', '/basicSet', () => import('./account/basic-set'), { name: 'BasicSet' }),
  defineRoute('invoicesMsg', '/invoicesMsg', () => import('./invoice/invoices-msg'), { menuKey: 'invoices' }),
  defineRoute('userEncourage', '/userEncourage', () => import('./account/user-encourage')),
  defineRoute('reward', '/reward', () => import('./account/reward'), { isAuth: true, cancelPass: false }),
  defineRoute(
    'businessImplementation',
    '/businessImplementation',
    () => import('./landing/business-implementation'),
    open,
  ),
  defineRoute('APIOpen', '/APIOpen', () => import('./landing/api-open'), open),
  // Not in the spec's table: the users' help center that "help docs" opens (issue 9), one Markdown page per doc.
  defineRoute('help', '/help/:doc?', () => import('./help/help-center'), { ...open, menuKey: 'helpDocs' }),
] as const;

/** The standalone route of spec §2, inside the public login layout. */
export const VIEW_APP_ROUTE = defineRoute('viewApp', '/viewApp', () => import('./view-app/view-app'), {
  ...open,
  menuKey: 'aigc',
});

export const ALL_ROUTES: readonly RouteMeta[] = [...CONSOLE_ROUTES, VIEW_APP_ROUTE];

export type ConsoleRouteKey = (typeof CONSOLE_ROUTES)[number]['key'];

export const ROUTE_BY_KEY = Object.fromEntries(ALL_ROUTES.map((route) => [route.key, route])) as Record<
  ConsoleRouteKey | 'viewApp',
  RouteMeta
>;

/** The route a pathname opens, matched as React Router matches by default: case-insensitive, trailing slash ignored. */
export function findRoute(pathname: string): RouteMeta | undefined {
  return ALL_ROUTES.find((route) => matchPath({ path: route.path || '/', end: true }, pathname) !== null);
}

/** The href a route is reached by; an optional parameter is left out. */
export function hrefOf(route: RouteMeta): string {
  return route.path.replace(/\/:[^/]+\?$/, '') || '/';
}

/** The pages a guest can open at a fixed address: built ahead as HTML (src/prerender.tsx), hydrated by start.tsx. */
export const PRERENDERED_PATHS: readonly string[] = ALL_ROUTES.filter(
  (route) => route.noPermission === true && !route.path.includes(':'),
).map(hrefOf);

/**
 * The pages a signed-in user opens at a fixed address, built ahead as their shells (decision 0043): everything a page
 * shows before its data, sent when the console's hint cookie says a token is stored. A page that needs real-name
 * verification first is left out: the guard must answer before it renders.
 */
export const SHELLED_PATHS: readonly string[] = ALL_ROUTES.filter(
  (route) => route.noPermission !== true && route.isAuth !== true && !route.path.includes(':'),
).map(hrefOf);
