import { use, type ReactNode } from 'react';
import { useMatches } from 'react-router';
import { isActionAllowed, type RoutePermission } from './permission';
import { PermissionsContext } from './permissions-context';

interface PermissionProps {
  action: string;
  children: ReactNode;
}

function permissionOf(handle: unknown): RoutePermission | undefined {
  return (handle as { permission?: RoutePermission } | undefined)?.permission;
}

/** Renders its children only when the current route's action list allows `action` (spec §6). */
export function Permission({ action, children }: PermissionProps) {
  const matches = useMatches();
  const entries = use(PermissionsContext);
  const permission = permissionOf(matches.at(-1)?.handle);
  return isActionAllowed(action, permission, entries) ? children : null;
}
