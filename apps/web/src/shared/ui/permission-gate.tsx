import type { ReactNode } from 'react';
import { useMatches } from 'react-router';
import { selectPermissions, useSession } from '../stores/session-store';
import { isActionAllowed, type RoutePermission } from './permission';

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
  const entries = useSession(selectPermissions);
  const permission = permissionOf(matches.at(-1)?.handle);
  return isActionAllowed(action, permission, entries) ? children : null;
}
