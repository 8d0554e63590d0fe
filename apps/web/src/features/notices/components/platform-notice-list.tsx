import { Flex, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '@/shared/ui/paged-table';
import { usePlatformNoticePages, type PlatformNotice } from '../api/list-platform-notices';
import { NoticeTime } from './notice-time';

// One column holding the whole announcement: a drawer is too narrow for a grid, and the table brings the paging.
const COLUMNS: TableColumnsType<PlatformNotice> = [
  {
    key: 'notice',
    render: (_, notice) => (
      <Flex vertical gap={4}>
        <Flex justify="space-between" align="baseline" gap={8}>
          <Typography.Text strong={!notice.read}>{notice.title}</Typography.Text>
          <NoticeTime value={notice.publishTime} />
        </Flex>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0, whiteSpace: 'pre-line' }}>
          {notice.content}
        </Typography.Paragraph>
      </Flex>
    ),
  },
];

/** Platform announcements, newest first; the unseen ones are marked. */
export function PlatformNoticeList() {
  const { t } = useTranslation('notices');
  const notices = usePlatformNoticePages();
  return (
    <PagedTable
      paged={notices}
      columns={COLUMNS}
      rowKey="noticeId"
      showHeader={false}
      size="small"
      emptyText={t('platformEmpty')}
      data-testid="platform-notice-list"
    />
  );
}
