/** A role permission entry of spec §3: which actions the user may take on routes carrying `permissionId`. */
export interface PermissionEntry {
  permissionId: string;
  actionList: readonly string[] | null;
}

export type RoutePermission = string | readonly string[];

function idsOf(permission: RoutePermission): readonly string[] {
  return typeof permission === 'string' ? [permission] : permission;
}

/** Spec §6: a route's permission is met when any of the user's entries carries one of its permission ids. */
export function hasRoutePermission(permission: RoutePermission | undefined, entries: readonly PermissionEntry[]) {
  if (!permission) {
    return true;
  }
  const ids = idsOf(permission);
  return entries.some((entry) => ids.includes(entry.permissionId));
}

/**
 * Spec §6: an element marked with an action disappears when the user's entry for the route's permission has an
 * action list without that action. Routes without a permission, and entries without a list, restrict nothing.
 */
export function isActionAllowed(
  action: string,
  permission: RoutePermission | undefined,
  entries: readonly PermissionEntry[],
): boolean {
  if (!permission) {
    return true;
  }
  const ids = idsOf(permission);
  return entries
    .filter((entry) => ids.includes(entry.permissionId))
    .every((entry) => !entry.actionList || entry.actionList.includes(action));
}
