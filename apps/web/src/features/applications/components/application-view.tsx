import { Button, Card, Descriptions, Flex, Result, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DateTime } from '@/shared/ui/date-time';
import { MoneyText } from '@/shared/ui/money-text';
import { PageHeader } from '@/shared/ui/page-header';
import { useApplication } from '../api/get-application';
import { ApplicationLinksButton } from './application-links-button';
import { applicationFacts } from './application-facts';
import { ApplicationStatusTag } from './application-status-tag';
import { useApplicationsTranslation } from '../use-applications-translation';

/** An address that names no application of the caller's: one that does not exist, another user's, or destroyed. */
export function ApplicationNotFound() {
  const { t } = useApplicationsTranslation();
  return (
    <>
      <PageHeader title={t('routes:viewApp.title')} />
      <Result
        status="404"
        title={t('view.notFound')}
        extra={
          <Link to="/myApp">
            <Button type="primary" tabIndex={-1}>
              {t('view.backToList')}
            </Button>
          </Link>
        }
        data-testid="app-view-not-found"
      />
    </>
  );
}

/** Spec §2 `/viewApp`: one application's facts, its status as it changes, and its links. */
export function ApplicationView({ id }: { id: string }) {
  const { t } = useApplicationsTranslation();
  const application = useApplication(id, true);
  if (application.isError) {
    return <ApplicationNotFound />;
  }
  const row = application.data;
  if (!row) {
    return (
      <>
        <PageHeader title={t('routes:viewApp.title')} />
        <Skeleton active />
      </>
    );
  }
  const optional = (
    key: string,
    label: string,
    value: string | null,
  ): { key: string; label: string; children: ReactNode }[] =>
    value ? [{ key, label, children: <DateTime value={value} /> }] : [];
  return (
    <>
      <PageHeader
        title={row.appName}
        extra={
          <Flex gap={8} align="center">
            <ApplicationStatusTag row={row} />
            <ApplicationLinksButton id={row.id} disabled={row.status !== 'running'} />
          </Flex>
        }
      />
      <Card>
        <Descriptions
          column={{ xs: 1, md: 2 }}
          data-testid="app-view"
          items={[
            ...applicationFacts(row, t),
            { key: 'cost', label: t('list.columns.cost'), children: <MoneyText value={row.cost} /> },
            { key: 'created', label: t('list.columns.created'), children: <DateTime value={row.createTime} /> },
            ...optional('expires', t('list.expires'), row.expireTime),
            ...optional('timedStop', t('list.timedStop'), row.timedStopTime),
            ...optional('deleted', t('list.deletedOn'), row.deleteTime),
          ]}
        />
        <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 0 }}>
          <Link to="/myApp">{t('view.manage')}</Link>
        </Typography.Paragraph>
      </Card>
    </>
  );
}
