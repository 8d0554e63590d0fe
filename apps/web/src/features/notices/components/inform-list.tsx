import { App, Button, Empty, Flex, Pagination, Popconfirm, Skeleton, Typography, type ButtonProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteInforms } from '../api/delete-informs';
import { useInforms, type Inform } from '../api/list-informs';
import { useMarkInformsRead } from '../api/mark-informs-read';
import { NoticeTime } from './notice-time';

const PAGE_SIZE = 10;

function InformRow({ inform }: { inform: Inform }) {
  const { t } = useTranslation('notices');
  const { message } = App.useApp();
  const markRead = useMarkInformsRead();
  const remove = useDeleteInforms();
  return (
    <Flex
      vertical
      gap={4}
      style={{ padding: '12px 0', borderBottom: '1px solid #f0f0f0' }}
      data-testid={`inform-${inform.informId}`}
    >
      <Flex justify="space-between" align="baseline" gap={8}>
        <Typography.Text strong={!inform.read} data-testid={`inform-title-${inform.informId}`}>
          {inform.read ? null : <span data-testid={`inform-unread-${inform.informId}`}>● </span>}
          {inform.title}
        </Typography.Text>
        <NoticeTime value={inform.createTime} />
      </Flex>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {inform.content}
      </Typography.Paragraph>
      <Flex gap={8} justify="flex-end">
        {inform.read ? null : (
          <Button
            size="small"
            type="link"
            loading={markRead.isPending}
            onClick={() => markRead.mutate({ informIds: [inform.informId] })}
            data-testid={`inform-read-${inform.informId}`}
          >
            {t('markRead')}
          </Button>
        )}
        <Popconfirm
          title={t('deleteConfirm')}
          okText={t('confirm')}
          cancelText={t('cancel')}
          okButtonProps={{ 'data-testid': `inform-delete-confirm-${inform.informId}` } as ButtonProps}
          onConfirm={() =>
            remove.mutateAsync({ informIds: [inform.informId] }).then(() => void message.success(t('deleted')))
          }
        >
          <Button size="small" type="link" danger data-testid={`inform-delete-${inform.informId}`}>
            {t('delete')}
          </Button>
        </Popconfirm>
      </Flex>
    </Flex>
  );
}

/** The user's notices, newest first, with read, read all and delete (spec §7 notices). */
export function InformList() {
  const { t } = useTranslation('notices');
  const [pageNum, setPageNum] = useState(1);
  const informs = useInforms({ pageNum, pageSize: PAGE_SIZE });
  const markRead = useMarkInformsRead();
  const page = informs.data;

  if (informs.isPending) {
    return <Skeleton active />;
  }
  if (!page || page.rows.length === 0) {
    return <Empty description={t('empty')} data-testid="informs-empty" />;
  }
  return (
    <Flex vertical data-testid="inform-list">
      <Flex justify="flex-end">
        <Button
          size="small"
          disabled={page.unread === 0}
          loading={markRead.isPending}
          onClick={() => markRead.mutate({ all: true })}
          data-testid="informs-read-all"
        >
          {t('markAllRead')}
        </Button>
      </Flex>
      {page.rows.map((inform) => (
        <InformRow key={inform.informId} inform={inform} />
      ))}
      <Pagination
        size="small"
        style={{ marginTop: 12, alignSelf: 'center' }}
        current={pageNum}
        pageSize={PAGE_SIZE}
        total={page.total}
        onChange={setPageNum}
        hideOnSinglePage
        data-testid="informs-pagination"
      />
    </Flex>
  );
}
