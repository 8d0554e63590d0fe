import { Typography } from 'antd';
import type { AuditRow } from '../api/list-audit-log';
import { useAdminConsoleTranslation } from '../use-admin-console-translation';
import { changedFields } from './audit-change';

/** Before → after of the fields an action changed, one line each, in code type so that JSON stays readable. */
export function AuditChangeCell({ row }: { row: AuditRow }) {
  const { t } = useAdminConsoleTranslation();
  const changes = changedFields(row.before, row.after);
  if (changes.length === 0) {
    return <Typography.Text type="secondary">{t('audit.unchanged')}</Typography.Text>;
  }
  return (
    <ul style={{ margin: 0, paddingInlineStart: 0, listStyle: 'none' }} data-testid="audit-change">
      {changes.map(({ field, before, after }) => (
        <li key={field} style={{ overflowWrap: 'anywhere' }}>
          {field ? <Typography.Text strong>{field}: </Typography.Text> : null}
          <Typography.Text code>{before || '—'}</Typography.Text> →{' '}
          <Typography.Text code>{after || '—'}</Typography.Text>
        </li>
      ))}
    </ul>
  );
}
