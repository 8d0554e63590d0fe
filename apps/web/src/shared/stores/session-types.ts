import type { users, VerifiedStatus } from '@suanli/contract';

/** A role permission entry of spec §3: which actions the user may take on routes carrying `permissionId`. */
export interface PermissionEntry {
  permissionId: string;
  actionList: string[] | null;
}

/** The VIP record of spec §3, as the VIP-info call answers it; kept in a cookie for 10 days. */
export type VipInfo = users.CurrentUser['vip'];

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
