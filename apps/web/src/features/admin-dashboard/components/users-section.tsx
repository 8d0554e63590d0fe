import { useUsersFigures } from '../api/dashboard-reads';
import { useAdminDashboardTranslation } from '../use-admin-dashboard-translation';
import { DashboardSection } from './dashboard-section';
import { FigureCards } from './figure-cards';

/** Support's part: accounts registered and real-name verified today, and in all. */
export function UsersSection() {
  const { t } = useAdminDashboardTranslation();
  const query = useUsersFigures();
  return (
    <DashboardSection title={t('users.title')} testId="dashboard-users" query={query}>
      {(data) => (
        <FigureCards
          testId="dashboard-users"
          figures={[
            { key: 'newToday', label: t('users.newToday'), value: data.newToday },
            { key: 'verifiedToday', label: t('users.verifiedToday'), value: data.verifiedToday },
            { key: 'verifiedTotal', label: t('users.verifiedTotal'), value: data.verifiedTotal },
            { key: 'total', label: t('users.total'), value: data.total },
          ]}
        />
      )}
    </DashboardSection>
  );
}
