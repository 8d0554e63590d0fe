import type { VerifiedStatus } from '@suanli/contract';

/** A role permission entry of spec §3: which actions the user may take on routes carrying `permissionId`. */
export interface PermissionEntry {
  permissionId: string;
  actionList: string[] | null;
}

/**
 * The current user as the session keeps it. The user-info endpoint is not in the contract yet; when it lands, its
 * data type replaces this shape.
 */
export interface SessionUser {
  nickName: string;
  avatarUrl: string;
  roles: { roleKey: string }[];
  permissions: PermissionEntry[];
}

export interface VipInfo {
  vipGrade: number;
  growthValue: number;
}

export interface ApplicationStatusSummary {
  total: number;
  running: number;
  uninstallingSoon: number;
  expiringSoon: number;
}

export interface UserBalance {
  balance: string;
  voucher: string;
}

export type VerifiedStatusValue = (typeof VerifiedStatus.values)[number];
