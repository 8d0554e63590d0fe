import { Button, Card, Flex, Typography } from 'antd';
import { Link } from 'react-router';
import { RecentApplications } from '@/features/applications/components/recent-applications';
import { StatusSummaryCards } from '@/features/applications/components/status-summary-cards';
import { BalanceCard } from '@/features/wallet/components/balance-card';
import { RecentLedger } from '@/features/wallet/components/recent-ledger';
import { useApplicationsTranslation } from '@/features/applications/use-applications-translation';
import { PageHeader } from '@/shared/ui/page-header';

const QUICK_LINKS = [
  { key: 'create', to: '/myApp?create=' },
  { key: 'recharge', to: '/voucherCenter?tab=recharge' },
  { key: 'center', to: '/aigc' },
] as const;

/**
 * Spec §2 console home: the balance and vouchers, the application counts (each opening its list), the recent activity
 * of both areas, and the ways to the next step. The wallet and the applications meet here, on the page.
 */
export default function OurConsolePage() {
  const { t } = useApplicationsTranslation();
  return (
    <>
      <PageHeader
        title={t('routes:ourConsole.title')}
        extra={
          <Flex gap={8} wrap role="navigation" aria-label={t('console.quickLinks')}>
            {QUICK_LINKS.map(({ key, to }) => (
              <Link key={key} to={to} data-testid={`console-quick-${key}`}>
                <Button type={key === 'create' ? 'primary' : 'default'} tabIndex={-1}>
                  {t(`console.${key}`)}
                </Button>
              </Link>
            ))}
          </Flex>
        }
      />
      <Flex vertical gap={16}>
        <BalanceCard />
        <Card title={t('console.applications')}>
          <StatusSummaryCards />
        </Card>
        <section aria-labelledby="console-activity">
          <Typography.Title level={2} id="console-activity" style={{ fontSize: 18 }}>
            {t('console.activity')}
          </Typography.Title>
          <div
            style={{ display: 'grid', gap: 16, gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 420px), 1fr))' }}
          >
            <RecentLedger />
            <RecentApplications />
          </div>
        </section>
      </Flex>
    </>
  );
}
