import { RoleKey } from '@suanli/contract';
import { csvTime, toCsv } from '@/shared/format/csv';
import type { UserRow } from '../api/users-reads';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** Accounts as CSV, headed in the reader's language: who, since when, roles, state. */
export function usersCsv(rows: readonly UserRow[], t: Translate): string {
  const keys = ['userId', 'nickName', 'phone', 'email', 'createdAt', 'lastLoginAt', 'realName', 'roles', 'state'];
  return toCsv([
    keys.map((key) => t(`csv.columns.${key}`)),
    ...rows.map((row) => [
      row.userId,
      row.nickName,
      row.phone ?? '',
      row.email ?? '',
      csvTime(row.createdAt),
      csvTime(row.lastLoginAt),
      t(row.realNameVerified ? 'csv.verified' : 'csv.unverified'),
      row.roles.map((role) => t(`contract:${RoleKey.labelKey(role)}`)).join('; '),
      t(`states.${row.state}`),
    ]),
  ]);
}
