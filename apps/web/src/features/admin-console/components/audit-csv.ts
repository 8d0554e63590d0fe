import { OperatorArea } from '@suanli/contract';
import { csvTime, toCsv } from '@/shared/format/csv';
import type { AuditRow } from '../api/list-audit-log';

/** The export's columns in order, as keys of `audit.columns`. */
export const AUDIT_CSV_COLUMNS = [
  'time',
  'operator',
  'area',
  'action',
  'target',
  'before',
  'after',
  'reason',
  'requestId',
] as const;

/** Who acted, as the table says it: the account, else the user id, else the server's shell. */
export function operatorText(row: AuditRow, t: (key: string) => string): string {
  return row.operatorAccount ?? row.operatorId ?? t('adminConsole:audit.shell');
}

/**
 * The rows as a CSV file under the table's headers, in the language `t` speaks: local sortable times, before and
 * after as their JSON, so that nothing the log kept is lost on the way to a spreadsheet.
 */
export function auditCsv(rows: readonly AuditRow[], t: (key: string) => string): string {
  const header = AUDIT_CSV_COLUMNS.map((column) => t(`adminConsole:audit.columns.${column}`));
  const lines = rows.map((row) => [
    csvTime(row.createTime),
    operatorText(row, t),
    t(`contract:${OperatorArea.labelKey(row.area)}`),
    row.action,
    row.target,
    JSON.stringify(row.before ?? null),
    JSON.stringify(row.after ?? null),
    row.reason,
    row.requestId,
  ]);
  return toCsv([header, ...lines]);
}
