import { createContext } from 'react';
import type { PermissionEntry } from './permission';

/**
 * The signed-in user's permission entries (spec §6). They arrive with the current user, a query of the auth feature
 * that shared code may not import, so the app provides them here; empty for a guest.
 */
export const PermissionsContext = createContext<readonly PermissionEntry[]>([]);
