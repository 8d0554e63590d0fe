import type { Db } from '../../db/client.js';
import { ListenedMemory } from '../../db/listened-memory.js';
import type { Listen } from '../../db/notifications.js';
import { rolePermissions } from './users.tables.js';

export interface PermissionRow {
  permissionId: string;
  actions: string[];
}

type ByRole = Map<string, PermissionRow[]>;

async function readAll(db: Db): Promise<ByRole> {
  const rows = await db.select().from(rolePermissions);
  const byRole: ByRole = new Map();
  for (const { roleKey, permissionId, actions } of rows) {
    byRole.set(roleKey, [...(byRole.get(roleKey) ?? []), { permissionId, actions }]);
  }
  return byRole;
}

/**
 * What each role may do, read once per server rather than joined into every getUserInfo: it changes only with a
 * migration (later, the operations console), and each change is announced on role_permissions_changed (migration 0009).
 */
export function rolePermissionsMemory({ db, listen }: { db: Db; listen: Listen }) {
  const memory = new ListenedMemory<'all', ByRole>({
    listen,
    channel: 'role_permissions_changed',
    capacity: 1,
    notified: (known) => known.forget(() => true),
  });
  return {
    /** The permission rows of these roles, role by role. */
    async of(roleKeys: readonly string[]): Promise<PermissionRow[]> {
      const byRole = await memory.through('all', () => readAll(db));
      return roleKeys.flatMap((key) => byRole.get(key) ?? []);
    },
    close: () => memory.close(),
  };
}

export type RolePermissions = ReturnType<typeof rolePermissionsMemory>;
