import { Empty, Flex, Pagination, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePlatformNotices } from '../api/list-platform-notices';
import { NoticeTime } from './notice-time';

const PAGE_SIZE = 10;

/** Platform announcements, newest first; the unseen ones are marked. */
export function PlatformNoticeList() {
  const { t } = useTranslation('notices');
  const [pageNum, setPageNum] = useState(1);
  const notices = usePlatformNotices({ pageNum, pageSize: PAGE_SIZE });
  const page = notices.data;

  if (notices.isPending) {
    return <Skeleton active />;
  }
  if (!page || page.rows.length === 0) {
    return <Empty description={t('platformEmpty')} />;
  }
  return (
    <Flex vertical data-testid="platform-notice-list">
      {page.rows.map((notice) => (
        <Flex key={notice.noticeId} vertical gap={4} style={{ padding: '12px 0', borderBottom: '1px solid #f0f0f0' }}>
          <Flex justify="space-between" align="baseline" gap={8}>
            <Typography.Text strong={!notice.read}>{notice.title}</Typography.Text>
            <NoticeTime value={notice.publishTime} />
          </Flex>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 0, whiteSpace: 'pre-line' }}>
            {notice.content}
          </Typography.Paragraph>
        </Flex>
      ))}
      <Pagination
        size="small"
        style={{ marginTop: 12, alignSelf: 'center' }}
        current={pageNum}
        pageSize={PAGE_SIZE}
        total={page.total}
        onChange={setPageNum}
        hideOnSinglePage
      />
    </Flex>
  );
}
