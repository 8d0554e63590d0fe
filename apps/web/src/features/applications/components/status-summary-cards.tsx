import { Card, Statistic } from 'antd';
import { Link } from 'react-router';
import { useStatusSummary, type StatusSummary } from '../api/get-status-summary';
import { useApplicationsTranslation } from '../use-applications-translation';

// Each count opens the list it counts: running ones, stopped ones (those about to be deleted are among them), or all.
const FIGURES: readonly { key: keyof StatusSummary; to: string }[] = [
  { key: 'total', to: '/myApp' },
  { key: 'running', to: '/myApp?status=running' },
  { key: 'uninstallingSoon', to: '/myApp?status=stopped' },
  { key: 'expiringSoon', to: '/myApp' },
];

/** The application counts of the console home (spec §3 status summary), each a way into /myApp. */
export function StatusSummaryCards() {
  const { t } = useApplicationsTranslation();
  const summary = useStatusSummary();
  return (
    <div style={{ display: 'grid', gap: 16, gridTemplateColumns: 'repeat(auto-fit, minmax(180px, 1fr))' }}>
      {FIGURES.map(({ key, to }) => (
        <Link key={key} to={to} data-testid={`console-count-link-${key}`}>
          <Card hoverable size="small">
            <Statistic
              title={t(`summary.${key}`)}
              loading={summary.isPending}
              value={summary.data?.[key] ?? 0}
              valueRender={(node) => <span data-testid={`console-count-${key}`}>{node}</span>}
            />
          </Card>
        </Link>
      ))}
    </div>
  );
}
