import { RoleKey } from '@suanli/contract';
import dayjs from 'dayjs';
import { toCsv } from '@/shared/format/csv';
import type { UserRow } from '../api/users-reads';

type Translate = (key: string, options?: Record<string, unknown>) => string;

const time = (value: string | null) => (value ? dayjs(value).format('YYYY-MM-DD HH:mm:ss') : '');

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
      time(row.createdAt),
      time(row.lastLoginAt),
      t(row.realNameVerified ? 'csv.verified' : 'csv.unverified'),
      row.roles.map((role) => t(`contract:${RoleKey.labelKey(role)}`)).join('; '),
      t(`states.${row.state}`),
    ]),
  ]);
}
