import { describe, expect, it } from 'vitest';
import type { AuditRow } from '../api/list-audit-log';
import { changedFields } from './audit-change';
import { auditCsv } from './audit-csv';

const row = (overrides: Partial<AuditRow> = {}): AuditRow => ({
  id: '7',
  operatorId: '42',
  operatorAccount: '13800000042',
  area: 'admin',
  action: 'operators.grant',
  target: 'user:9',
  before: { areas: [] },
  after: { areas: ['finance'] },
  reason: 'joins, "finance"',
  requestId: 'req-1',
  createTime: '2026-11-27T08:00:00.000Z',
  ...overrides,
});

// The catalogue key itself, so that the test reads which header and label each cell took.
const t = (key: string) => key;

function lines(csv: string): string[] {
  return csv.replace(/^\uFEFF/, '').split('\r\n');
}

describe('the audit log as CSV', () => {
  it('has a header row and one line per row, before and after as JSON, quoted where they hold commas or quotes', () => {
    const [header, first, end] = lines(auditCsv([row()], t));
    expect(header).toBe(
      ['time', 'operator', 'area', 'action', 'target', 'before', 'after', 'reason', 'requestId']
        .map((column) => `adminConsole:audit.columns.${column}`)
        .join(','),
    );
    expect(first).toMatch(
      /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2},13800000042,contract:enums\.operatorArea\.admin,operators\.grant,user:9,/,
    );
    expect(first).toContain(',"{""areas"":[]}","{""areas"":[""finance""]}","joins, ""finance""",req-1');
    expect(end).toBe('');
  });

  it('names the server’s shell when no operator acted', () => {
    const [, first] = lines(auditCsv([row({ operatorId: null, operatorAccount: null })], t));
    expect(first!.split(',')[1]).toBe('adminConsole:audit.shell');
  });
});

describe('what an audit row changed', () => {
  it('lists the fields whose values differ, with a field only one side has', () => {
    expect(changedFields({ state: 'submitted', id: 1 }, { state: 'adopted', id: 1, voucherId: '3' })).toEqual([
      { field: 'state', before: '"submitted"', after: '"adopted"' },
      { field: 'voucherId', before: '', after: '"3"' },
    ]);
  });

  it('takes anything but two objects as one whole change, and equal values as none', () => {
    expect(changedFields(null, { areas: ['fleet'] })).toEqual([
      { field: '', before: 'null', after: '{"areas":["fleet"]}' },
    ]);
    expect(changedFields({ areas: ['fleet'] }, { areas: ['fleet'] })).toEqual([]);
  });
});
