import { Button, Flex, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { formatBytes } from '@/shared/format/bytes';
import { DateTime } from '@/shared/ui/date-time';
import { DeskTable } from '@/shared/ui/desk-table';
import {
  useReviewSubmission,
  useSubmissionPages,
  type ReviewDecision,
  type Submission,
  type SubmissionFilters,
  type SubmissionPage,
  type SubmissionState,
} from '../api/image-submissions';
import { useAdminSupportTranslation } from '../use-admin-support-translation';
import { ReasonDialog } from '@/shared/ui/reason-dialog';
import { StateFilter } from './state-filter';

const STATES: readonly SubmissionState[] = ['pending', 'published', 'rejected'];

/**
 * Creators' images submitted to the community, by review state: a pending one is published (it joins the community
 * catalogue) or rejected with a note its creator reads in My images.
 */
export function ImageSubmissionsTable() {
  const { t } = useAdminSupportTranslation();
  const paged = useSubmissionPages();
  const state = paged.params.state ?? 'pending';
  const review = useReviewSubmission();
  const [deciding, setDeciding] = useState<{ submission: Submission; decision: ReviewDecision } | null>(null);

  const columns: TableColumnsType<Submission> = [
    {
      key: 'name',
      title: t('images.columns.name'),
      render: (_, row) => (
        <Flex vertical>
          <Typography.Text strong>{row.name}</Typography.Text>
          {row.remark ? <Typography.Text type="secondary">{row.remark}</Typography.Text> : null}
        </Flex>
      ),
    },
    { key: 'owner', title: t('images.columns.owner'), dataIndex: 'ownerId' },
    { key: 'base', title: t('images.columns.base'), dataIndex: 'baseImageName' },
    { key: 'size', title: t('images.columns.size'), render: (_, row) => formatBytes(row.sizeBytes) },
    {
      key: 'submittedAt',
      title: t('images.columns.submittedAt'),
      render: (_, row) => <DateTime value={row.submittedAt} />,
    },
    state === 'pending'
      ? {
          key: 'actions',
          title: t('images.columns.actions'),
          render: (_, row) => (
            <Flex gap={8}>
              <Button
                size="small"
                type="primary"
                onClick={() => setDeciding({ submission: row, decision: 'publish' })}
                data-testid={`submission-publish-${row.id}`}
              >
                {t('images.publish')}
              </Button>
              <Button
                size="small"
                danger
                onClick={() => setDeciding({ submission: row, decision: 'reject' })}
                data-testid={`submission-reject-${row.id}`}
              >
                {t('images.reject')}
              </Button>
            </Flex>
          ),
        }
      : { key: 'reason', title: t('images.columns.reason'), dataIndex: 'reason' },
  ];

  return (
    <>
      <DeskTable<SubmissionPage, SubmissionFilters>
        label={t('images.title')}
        minWidth={860}
        toolbar={
          <StateFilter
            states={STATES}
            value={state}
            onChange={(next) => paged.change({ filters: { state: next } })}
            label={t('images.stateFilter')}
            labelOf={(value) => t(`images.states.${value}`)}
            testIdPrefix="submission-state"
          />
        }
        paged={paged}
        rowKey="id"
        columns={columns}
        emptyText={t(`images.empty.${state}`)}
        data-testid="submissions-table"
      />
      {deciding ? (
        <ReasonDialog
          title={t(`images.${deciding.decision}Title`, { name: deciding.submission.name })}
          description={t(`images.${deciding.decision}Content`)}
          okText={t(`images.${deciding.decision}`)}
          doneText={t(`images.${deciding.decision}Done`, { name: deciding.submission.name })}
          danger={deciding.decision === 'reject'}
          reasonLabel={t(`images.${deciding.decision}Reason`)}
          onSubmit={({ reason }) =>
            review.mutateAsync({ id: deciding.submission.id, decision: deciding.decision, reason })
          }
          testId="reason-dialog"
          onClose={() => setDeciding(null)}
        />
      ) : null}
    </>
  );
}
