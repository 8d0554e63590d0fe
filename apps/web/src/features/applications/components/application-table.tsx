import { ApplicationStatus } from '@suanli/contract';
import { Alert, Button, Empty, Flex, Segmented, Skeleton } from 'antd';
import { Suspense, useState } from 'react';
import { lazyNamed } from '@/shared/ui/lazy-with-timeout';
import { useWideScreenLoading } from '@/shared/ui/use-wide-screen';
import { useApplicationPages, type ApplicationRow, type Status } from '../api/list-applications';
import type { ApplicationActionsProps } from './application-actions';
import { ApplicationCards } from './application-cards';
import { useApplicationsTranslation } from '../use-applications-translation';

// antd's Table loads on a wide screen only: a phone, which shows cards, never downloads it (issue 25). The cards are
// light, and come with the page so that a phone's first list renders without waiting for another chunk.
const loadRowsTable = () => import('./application-rows-table');
const ApplicationRowsTable = lazyNamed(loadRowsTable, 'ApplicationRowsTable');

const ALL = 'all';

/** The statuses one can filter by; destroyed applications are not listed at all. */
export const FILTER_STATUSES = ApplicationStatus.values.filter((status) => status !== 'destroyed');

export const isFilterStatus = (value: string | null): value is Status =>
  FILTER_STATUSES.some((status) => status === value);

interface ApplicationTableProps {
  initialStatus: Status | undefined;
  onStatusChange: (status: Status | undefined) => void;
  onCreate: () => void;
  onRecreate: (imageId: string) => void;
}

/** The user's applications, paged by the server, pinned first: polled every 2 s while any is changing status. */
export function ApplicationTable({ initialStatus, onStatusChange, onCreate, onRecreate }: ApplicationTableProps) {
  const { t } = useApplicationsTranslation();
  const [destroying, setDestroying] = useState<ReadonlySet<string>>(new Set());
  const paged = useApplicationPages({ status: initialStatus }, destroying);
  const status = paged.params.status;
  const wide = useWideScreenLoading(loadRowsTable);
  const actionsOf = (row: ApplicationRow): Omit<ApplicationActionsProps, 'row'> => ({
    destroying: destroying.has(row.id),
    onDestroyed: () => setDestroying((current) => new Set(current).add(row.id)),
    onRecreate,
  });

  const choose = (value: string) => {
    const next = value === ALL ? undefined : (value as Status);
    paged.change({ filters: { status: next } });
    onStatusChange(next);
  };

  const noneYet = paged.query.isSuccess && paged.total === 0 && status === undefined;

  return (
    <Flex vertical gap={16}>
      <Segmented<string>
        value={status ?? ALL}
        onChange={choose}
        options={[
          { value: ALL, label: <span data-testid="app-filter-all">{t('list.allStatuses')}</span> },
          ...FILTER_STATUSES.map((value) => ({
            value,
            label: (
              <span data-testid={`app-filter-${value}`}>{t(`contract:${ApplicationStatus.labelKey(value)}`)}</span>
            ),
          })),
        ]}
        aria-label={t('list.statusFilter')}
        style={{ alignSelf: 'flex-start', maxWidth: '100%', overflowX: 'auto' }}
      />
      {paged.query.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('list.error')}
          action={<Button onClick={() => void paged.query.refetch()}>{t('list.retry')}</Button>}
        />
      ) : null}
      {noneYet ? (
        <Empty description={t('list.emptyAll')} data-testid="app-empty">
          <Button type="primary" onClick={onCreate} data-testid="app-empty-create">
            {t('create.open')}
          </Button>
        </Empty>
      ) : !wide ? (
        <ApplicationCards paged={paged} emptyText={t('list.emptyFiltered')} actionsOf={actionsOf} />
      ) : paged.query.isPending ? (
        // Until the first page, as the page drawn ahead at build time has it: no table that could suspend there.
        <Skeleton active />
      ) : (
        <Suspense fallback={<Skeleton active />}>
          <ApplicationRowsTable paged={paged} emptyText={t('list.emptyFiltered')} actionsOf={actionsOf} />
        </Suspense>
      )}
    </Flex>
  );
}
