import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { DateTime } from '@/shared/ui/date-time';
import type { ApplicationRow } from '../api/list-applications';
import { useApplicationsTranslation } from '../use-applications-translation';

/** When the row's term ends: a prepaid expiry, a timed shutdown, or the deletion of a stopped application's record. */
export function TermCell({ row }: { row: ApplicationRow }) {
  const { t } = useApplicationsTranslation();
  const lines: ReactNode[] = [];
  if (row.expireTime) {
    lines.push(
      <span key="expires">
        {t('list.expires')} <DateTime value={row.expireTime} />
      </span>,
    );
  }
  if (row.timedStopTime) {
    lines.push(
      <span key="timed" data-testid={`app-timed-stop-time-${row.id}`}>
        {t('list.timedStop')} <DateTime value={row.timedStopTime} />
      </span>,
    );
  }
  if (row.deleteTime) {
    lines.push(
      <Typography.Text key="delete" type="warning">
        {t('list.deletedOn')} <DateTime value={row.deleteTime} />
      </Typography.Text>,
    );
  }
  return lines.length > 0 ? <Flex vertical>{lines}</Flex> : <Typography.Text type="secondary">—</Typography.Text>;
}
