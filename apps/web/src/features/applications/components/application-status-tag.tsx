import { LoadingOutlined } from '@ant-design/icons';
import { ApplicationStatus } from '@suanli/contract';
import { Tag, Tooltip } from 'antd';
import { isTransitional } from '../application-status';
import type { ApplicationRow, Status } from '../api/list-applications';
import { useApplicationsTranslation } from '../use-applications-translation';

const COLOURS: Record<Status, string> = {
  creating: 'processing',
  starting: 'processing',
  running: 'success',
  stopping: 'warning',
  stopped: 'default',
  restarting: 'processing',
  abnormal: 'error',
  destroyed: 'default',
};

/** The status as a coloured tag: a spinner while it changes, and the reason of an abnormal one on hover or focus. */
export function ApplicationStatusTag({ row }: { row: Pick<ApplicationRow, 'id' | 'status' | 'statusReason'> }) {
  const { t } = useApplicationsTranslation();
  const tag = (
    <Tag
      color={COLOURS[row.status]}
      icon={isTransitional(row.status) ? <LoadingOutlined /> : undefined}
      data-testid={`app-status-${row.id}`}
      data-status={row.status}
    >
      {t(`contract:${ApplicationStatus.labelKey(row.status)}`)}
    </Tag>
  );
  if (row.status !== 'abnormal') {
    return tag;
  }
  return (
    <Tooltip title={row.statusReason ?? t('list.noReason')}>
      <span tabIndex={0} aria-label={row.statusReason ?? t('list.noReason')}>
        {tag}
      </span>
    </Tooltip>
  );
}
