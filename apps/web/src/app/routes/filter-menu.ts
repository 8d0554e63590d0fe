import { hasRoutePermission, type PermissionEntry, type RoutePermission } from '@/shared/ui/permission';
import type { MenuEntry } from './menu-table';

interface FilterContext {
  /** The permission each route declares, by route key. */
  permissionOf: (routeKey: string) => RoutePermission | undefined;
  permissions: readonly PermissionEntry[];
}

/**
 * Spec §2 and §6: a route entry disappears when its route has a permission the user lacks; a group left with nothing
 * to show disappears with it. Actions (help docs, feedback, contact) belong to everyone.
 */
export function filterMenu(entries: readonly MenuEntry[], context: FilterContext): MenuEntry[] {
  return entries.flatMap((entry): MenuEntry[] => {
    if (entry.kind === 'route') {
      return hasRoutePermission(context.permissionOf(entry.key), context.permissions) ? [entry] : [];
    }
    if (entry.kind === 'group') {
      const children = filterMenu(entry.children, context);
      return children.length > 0 ? [{ ...entry, children }] : [];
    }
    return [entry];
  });
}
