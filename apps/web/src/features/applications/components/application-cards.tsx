import { Descriptions, Empty, Flex, Pagination, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateTime } from '@/shared/ui/date-time';
import { PlainCard } from '@/shared/ui/plain-card';
import type { ApplicationRow, useApplicationPages } from '../api/list-applications';
import { ApplicationActions, type ApplicationActionsProps } from './application-actions';
import { ApplicationCostCell } from './application-cost-cell';
import { ApplicationNameCell } from './application-name-cell';
import { applicationFacts } from './application-facts';
import { ApplicationStatusTag } from './application-status-tag';
import { TermCell } from './application-term-cell';
import { useApplicationsTranslation } from '../use-applications-translation';

/** What either view of the list (cards on a narrow screen, the table on a wide one) is given. */
export interface ApplicationListViewProps {
  paged: ReturnType<typeof useApplicationPages>;
  emptyText: string;
  actionsOf: (row: ApplicationRow) => Omit<ApplicationActionsProps, 'row'>;
}

/** The list on a narrow screen: one card per application, every action under it, wrapping rather than scrolling. */
export function ApplicationCards({ paged, emptyText, actionsOf }: ApplicationListViewProps) {
  const { t } = useApplicationsTranslation();
  const { t: common } = useTranslation('common');
  const { query, params, rows, total, change } = paged;

  if (query.isPending) {
    return <Spin />;
  }
  if (rows.length === 0) {
    return <Empty description={emptyText} />;
  }
  return (
    <Flex vertical gap={12} data-testid="app-cards">
      {rows.map((row) => (
        <PlainCard
          key={row.id}
          size="small"
          title={<ApplicationNameCell row={row} />}
          extra={<ApplicationStatusTag row={row} />}
          data-testid={`app-card-${row.id}`}
        >
          <Descriptions
            size="small"
            column={1}
            items={[
              ...applicationFacts(row, t),
              { key: 'cost', label: t('list.columns.cost'), children: <ApplicationCostCell row={row} /> },
              { key: 'created', label: t('list.columns.created'), children: <DateTime value={row.createTime} /> },
              { key: 'term', label: t('list.columns.term'), children: <TermCell row={row} /> },
            ]}
          />
          <ApplicationActions row={row} {...actionsOf(row)} />
        </PlainCard>
      ))}
      <Pagination
        simple
        size="small"
        current={params.pageNum}
        pageSize={params.pageSize}
        total={total}
        showTotal={(count) => common('table.total', { count })}
        onChange={(pageNum) => change({ pageNum })}
        style={{ alignSelf: 'center' }}
      />
    </Flex>
  );
}
