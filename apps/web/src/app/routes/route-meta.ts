import type { ComponentType } from 'react';
import type { RoutePermission } from '@/shared/ui/permission';

export type PageModule = { default: ComponentType };
export type PageLoader = () => Promise<PageModule>;

/** One route of spec §2, declared once; the router, the guard, the menu and the tests all read it. */
export interface RouteMeta {
  /** Stable id: the `routes` catalogue key, the menu item test id, the keep-alive cache key. */
  key: string;
  /** Path as the spec spells it; '' is the console root. */
  path: string;
  /** The route name where the spec gives one. */
  name?: string;
  titleKey: string;
  /** The menu entry highlighted while the route is open. */
  menuKey: string;
  /** Open to guests. */
  noPermission?: boolean;
  /** Needs real-name verification status '1' (spec §2). */
  isAuth?: boolean;
  /** When verification fails, still let the route through (after the warning); false unless a route says so. */
  cancelPass?: boolean;
  /** Stays mounted, hidden, after the user navigates away, so its state survives a return. */
  keepAlive?: boolean;
  permission?: RoutePermission;
  load: PageLoader;
}

/** What the router's `handle` carries for each page; `useMatches()` reads it. */
export type RouteHandle = Omit<RouteMeta, 'load'>;
