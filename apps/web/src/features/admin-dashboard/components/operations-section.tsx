import { Button, Empty, Table, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { formatDateTime } from '@/shared/format/date-time';
import { useInterfaceSettings } from '@/shared/stores/interface-settings-store';
import { ReasonDialog } from '@/shared/ui/reason-dialog';
import { ScrollRegion } from '@/shared/ui/scroll-region';
import { useOperationsFigures, type OperationsFigures, type ParkedEvent } from '../api/dashboard-reads';
import { useRetryParkedEvent } from '../api/retry-parked-event';
import { useAdminDashboardTranslation } from '../use-admin-dashboard-translation';
import { DashboardSection } from './dashboard-section';

type JobRow = OperationsFigures['jobs'][number];
type ConsumerRow = OperationsFigures['consumers'][number];

/** Asks for the reason, then hands the parked event to its consumer again. */
function RetryDialog({ event, onClose }: { event: ParkedEvent; onClose(): void }) {
  const { t } = useAdminDashboardTranslation();
  const retry = useRetryParkedEvent();
  const names = { consumer: event.consumer, eventId: event.eventId };
  return (
    <ReasonDialog
      title={t('operations.retryTitle')}
      description={t('operations.retryConfirm', names)}
      okText={t('operations.retry')}
      doneText={t('operations.retried', names)}
      onSubmit={({ reason }) => retry.mutateAsync({ consumer: event.consumer, eventId: event.eventId, reason })}
      onClose={onClose}
      testId="dashboard-retry-dialog"
    />
  );
}

function SubTitle({ children }: { children: string }) {
  return (
    <Typography.Title level={3} style={{ fontSize: 16, marginTop: 24 }}>
      {children}
    </Typography.Title>
  );
}

/** The administrators' part: each job's last run and failing runs, each consumer's lag, and the parked events. */
export function OperationsSection() {
  const { t } = useAdminDashboardTranslation();
  const language = useInterfaceSettings((state) => state.appLanguage);
  const query = useOperationsFigures();
  const [retrying, setRetrying] = useState<ParkedEvent | null>(null);
  const when = (value: string | null) => (value === null ? '—' : formatDateTime(value, language));

  const jobColumns: TableColumnsType<JobRow> = [
    { key: 'job', title: t('operations.job'), dataIndex: 'job' },
    { key: 'lastPeriod', title: t('operations.lastPeriod'), render: (_, row) => row.lastPeriod ?? '—' },
    { key: 'lastFinishedAt', title: t('operations.lastFinishedAt'), render: (_, row) => when(row.lastFinishedAt) },
    { key: 'failing', title: t('operations.failing'), dataIndex: 'failing' },
    { key: 'lastError', title: t('operations.error'), render: (_, row) => row.lastError ?? '—' },
  ];
  const consumerColumns: TableColumnsType<ConsumerRow> = [
    { key: 'name', title: t('operations.consumer'), dataIndex: 'name' },
    { key: 'lag', title: t('operations.lag'), dataIndex: 'lag' },
    { key: 'parked', title: t('operations.parked'), dataIndex: 'parked' },
    { key: 'attempts', title: t('operations.attempts'), dataIndex: 'attempts' },
    { key: 'lastError', title: t('operations.error'), render: (_, row) => row.lastError ?? '—' },
  ];
  const parkedColumns: TableColumnsType<ParkedEvent> = [
    { key: 'consumer', title: t('operations.consumer'), dataIndex: 'consumer' },
    { key: 'eventId', title: t('operations.eventId'), dataIndex: 'eventId' },
    { key: 'type', title: t('operations.type'), dataIndex: 'type' },
    { key: 'subject', title: t('operations.subject'), dataIndex: 'subject' },
    {
      key: 'error',
      title: t('operations.error'),
      render: (_, row) => row.error ?? t('operations.heldBehind', { eventId: row.heldBehind }),
    },
    { key: 'parkedAt', title: t('operations.parkedAt'), render: (_, row) => when(row.parkedAt) },
    {
      key: 'retry',
      title: t('operations.action'),
      // An event held behind another comes back with it: only the one that failed is retried.
      render: (_, row) =>
        row.error === null ? null : (
          <Button size="small" onClick={() => setRetrying(row)} data-testid={`dashboard-retry-${row.eventId}`}>
            {t('operations.retry')}
          </Button>
        ),
    },
  ];

  return (
    <DashboardSection title={t('operations.title')} testId="dashboard-operations" query={query}>
      {(data) => (
        <>
          <SubTitle>{t('operations.parkedTitle')}</SubTitle>
          {data.parked.length === 0 ? (
            <Empty description={t('operations.noParked')} data-testid="dashboard-parked-empty" />
          ) : (
            <ScrollRegion label={t('operations.parkedTitle')} minWidth={860}>
              <Table<ParkedEvent>
                rowKey={(row) => `${row.consumer}/${row.eventId}`}
                size="small"
                columns={parkedColumns}
                dataSource={data.parked}
                pagination={false}
                data-testid="dashboard-parked"
              />
            </ScrollRegion>
          )}
          <SubTitle>{t('operations.consumersTitle')}</SubTitle>
          <ScrollRegion label={t('operations.consumersTitle')} minWidth={600}>
            <Table<ConsumerRow>
              rowKey="name"
              size="small"
              columns={consumerColumns}
              dataSource={data.consumers}
              pagination={false}
              locale={{ emptyText: <Empty description={t('operations.noConsumers')} /> }}
              data-testid="dashboard-consumers"
            />
          </ScrollRegion>
          <SubTitle>{t('operations.jobsTitle')}</SubTitle>
          <ScrollRegion label={t('operations.jobsTitle')} minWidth={720}>
            <Table<JobRow>
              rowKey="job"
              size="small"
              columns={jobColumns}
              dataSource={data.jobs}
              pagination={false}
              locale={{ emptyText: <Empty description={t('operations.noJobs')} /> }}
              data-testid="dashboard-jobs"
            />
          </ScrollRegion>
          {retrying ? <RetryDialog event={retrying} onClose={() => setRetrying(null)} /> : null}
        </>
      )}
    </DashboardSection>
  );
}
