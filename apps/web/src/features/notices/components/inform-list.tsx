import { App, Button, Flex, Popconfirm, Typography, type ButtonProps, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '@/shared/ui/paged-table';
import { useDeleteInforms } from '../api/delete-informs';
import { useInformPages, type Inform } from '../api/list-informs';
import { useMarkInformsRead } from '../api/mark-informs-read';
import { NoticeTime } from './notice-time';

function InformRow({ inform }: { inform: Inform }) {
  const { t } = useTranslation('notices');
  const { message } = App.useApp();
  const markRead = useMarkInformsRead();
  const remove = useDeleteInforms();
  return (
    <Flex vertical gap={4} data-testid={`inform-${inform.informId}`}>
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

// One column holding the whole notice: a drawer is too narrow for a grid, and the table brings the paging.
const COLUMNS: TableColumnsType<Inform> = [{ key: 'inform', render: (_, inform) => <InformRow inform={inform} /> }];

/** The user's notices, newest first, with read, read all and delete (spec §7 notices). */
export function InformList() {
  const { t } = useTranslation('notices');
  const informs = useInformPages();
  const markRead = useMarkInformsRead();
  const unread = informs.query.data?.unread ?? 0;

  return (
    <Flex vertical gap={8} data-testid="inform-list">
      <Flex justify="flex-end">
        <Button
          size="small"
          disabled={unread === 0}
          loading={markRead.isPending}
          onClick={() => markRead.mutate({ all: true })}
          data-testid="informs-read-all"
        >
          {t('markAllRead')}
        </Button>
      </Flex>
      <PagedTable
        paged={informs}
        columns={COLUMNS}
        rowKey="informId"
        showHeader={false}
        size="small"
        emptyText={t('empty')}
        data-testid="informs-table"
      />
    </Flex>
  );
}
