import { Badge, Button, Flex, Typography, type BadgeProps, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { DateTime } from '@/shared/ui/date-time';
import { DeskTable } from '@/shared/ui/desk-table';
import { ReasonDialog } from '@/shared/ui/reason-dialog';
import {
  useNoticePages,
  useWithdrawNotice,
  type NoticeFilters,
  type NoticePage,
  type NoticeRow,
  type NoticeStatus,
} from '../api/notices';
import { useAdminSupportTranslation } from '../use-admin-support-translation';
import { NoticeDialog } from './notice-dialog';
import { StateFilter } from './state-filter';

type StatusChoice = NoticeStatus | 'all';
// Spelled out: the browser's contract carries endpoints' paths only, not their schemas' values.
const CHOICES: readonly StatusChoice[] = ['all', 'scheduled', 'published', 'withdrawn'];
// A badge's dot carries the colour and its text stays in the body's, which keeps the contrast a coloured tag lacks.
const STATUS_BADGES: Record<NoticeStatus, BadgeProps['status']> = {
  scheduled: 'processing',
  published: 'success',
  withdrawn: 'default',
};

/**
 * Platform notices on the support desk: write one (now or at a time), rewrite it until it goes out, withdraw it from
 * every user's list. Each change names the version read, so a notice another operator changed first answers 409.
 */
export function NoticesTable() {
  const { t } = useAdminSupportTranslation();
  const paged = useNoticePages();
  const withdraw = useWithdrawNotice();
  const [editing, setEditing] = useState<NoticeRow | 'new' | null>(null);
  const [withdrawing, setWithdrawing] = useState<NoticeRow | null>(null);
  const status = paged.params.status ?? 'all';

  const columns: TableColumnsType<NoticeRow> = [
    {
      key: 'publishTime',
      title: t('notices.columns.publishTime'),
      render: (_, row) => <DateTime value={row.publishTime} />,
    },
    {
      key: 'title',
      title: t('notices.columns.title'),
      render: (_, row) => (
        <Flex vertical>
          <Typography.Text strong>{row.titleZh}</Typography.Text>
          <Typography.Text>{row.titleEn}</Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'status',
      title: t('notices.columns.status'),
      render: (_, row) => (
        <Flex vertical>
          <Badge
            status={STATUS_BADGES[row.status]}
            text={t(`notices.statuses.${row.status}`)}
            data-testid={`notice-status-${row.id}`}
          />
          {row.withdrawnAt ? <DateTime value={row.withdrawnAt} /> : null}
        </Flex>
      ),
    },
    {
      key: 'actions',
      title: t('notices.columns.actions'),
      render: (_, row) => (
        <Flex gap={8} wrap>
          {row.status === 'scheduled' ? (
            <Button size="small" onClick={() => setEditing(row)} data-testid={`notice-edit-${row.id}`}>
              {t('notices.edit')}
            </Button>
          ) : null}
          {row.status === 'withdrawn' ? null : (
            <Button size="small" danger onClick={() => setWithdrawing(row)} data-testid={`notice-withdraw-${row.id}`}>
              {t('notices.withdraw')}
            </Button>
          )}
        </Flex>
      ),
    },
  ];

  return (
    <>
      <DeskTable<NoticePage, NoticeFilters>
        label={t('notices.title')}
        minWidth={760}
        toolbar={
          <>
            <StateFilter<StatusChoice>
              states={CHOICES}
              value={status}
              onChange={(next) => paged.change({ filters: { status: next === 'all' ? undefined : next } })}
              label={t('notices.statusFilter')}
              labelOf={(value) => t(`notices.statuses.${value}`)}
              testIdPrefix="notice-status-filter"
            />
            <Button type="primary" onClick={() => setEditing('new')} data-testid="notice-new">
              {t('notices.new')}
            </Button>
          </>
        }
        paged={paged}
        rowKey="id"
        columns={columns}
        emptyText={t(`notices.empty.${status}`)}
        data-testid="notices-table"
      />
      {editing ? <NoticeDialog editing={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
      {withdrawing ? (
        <ReasonDialog
          title={t('notices.withdrawTitle', { title: withdrawing.titleZh })}
          description={t('notices.withdrawContent')}
          okText={t('notices.withdraw')}
          doneText={t('notices.withdrawn')}
          danger
          onSubmit={({ reason }) => withdraw.mutateAsync({ id: withdrawing.id, version: withdrawing.version, reason })}
          onClose={() => setWithdrawing(null)}
          testId="notice-withdraw-dialog"
        />
      ) : null}
    </>
  );
}
