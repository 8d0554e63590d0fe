import { Badge, Button, Flex, Image, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { DateTime } from '@/shared/ui/date-time';
import { DeskTable } from '@/shared/ui/desk-table';
import { feedbackCsv } from './support-csv';
import {
  useAdoptFeedback,
  useFeedbackPages,
  type FeedbackFilters,
  type FeedbackPage,
  type FeedbackRow,
  type FeedbackState,
} from '../api/feedback';
import { useAdminSupportTranslation } from '../use-admin-support-translation';
import { ReasonDialog } from '@/shared/ui/reason-dialog';
import { StateFilter } from './state-filter';

const STATES: readonly FeedbackState[] = ['submitted', 'adopted'];

/** Users' feedback with its screenshots; adopting one gives its author the gift voucher, once. */
export function FeedbackTable() {
  const { t } = useAdminSupportTranslation();
  const paged = useFeedbackPages();
  const adopt = useAdoptFeedback();
  const [adopting, setAdopting] = useState<FeedbackRow | null>(null);
  const state = paged.params.state ?? 'submitted';

  const columns: TableColumnsType<FeedbackRow> = [
    { key: 'time', title: t('feedback.columns.time'), render: (_, row) => <DateTime value={row.createTime} /> },
    { key: 'user', title: t('feedback.columns.user'), dataIndex: 'userId' },
    {
      key: 'content',
      title: t('feedback.columns.content'),
      render: (_, row) => (
        <Flex vertical gap={8}>
          <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{row.content}</Typography.Paragraph>
          {row.screenshotUrls.length > 0 ? (
            <Image.PreviewGroup>
              <Flex gap={8} wrap>
                {row.screenshotUrls.map((url, index) => (
                  <Image key={url} src={url} width={64} alt={t('feedback.screenshot', { index: index + 1 })} />
                ))}
              </Flex>
            </Image.PreviewGroup>
          ) : null}
        </Flex>
      ),
    },
    {
      key: 'state',
      title: t('feedback.columns.state'),
      render: (_, row) =>
        row.state === 'adopted' ? (
          <Flex vertical>
            {/* A badge's dot carries the colour, its text the body's: a green tag fails the contrast check. */}
            <Badge status="success" text={t('feedback.states.adopted')} />
            {row.adoptedAt ? <DateTime value={row.adoptedAt} /> : null}
          </Flex>
        ) : (
          <Button size="small" type="primary" onClick={() => setAdopting(row)} data-testid={`feedback-adopt-${row.id}`}>
            {t('feedback.adopt')}
          </Button>
        ),
    },
  ];

  return (
    <>
      <DeskTable<FeedbackPage, FeedbackFilters>
        label={t('feedback.title')}
        minWidth={760}
        toolbar={
          <StateFilter
            states={STATES}
            value={state}
            onChange={(next) => paged.change({ filters: { state: next } })}
            label={t('feedback.stateFilter')}
            labelOf={(value) => t(`feedback.states.${value}`)}
            testIdPrefix="feedback-state"
          />
        }
        csvExport={{
          fileName: t('feedback.csv.fileName'),
          csv: (rows) => feedbackCsv(rows, t),
          testId: 'feedback-export',
        }}
        paged={paged}
        rowKey="id"
        columns={columns}
        emptyText={t(`feedback.empty.${state}`)}
        data-testid="feedback-table"
      />
      {adopting ? (
        <ReasonDialog
          title={t('feedback.adoptTitle')}
          description={t('feedback.adoptContent')}
          okText={t('feedback.adopt')}
          doneText={t('feedback.adoptDone')}
          reasonLabel={t('feedback.adoptReason')}
          onSubmit={({ reason }) => adopt.mutateAsync({ id: adopting.id, reason })}
          testId="reason-dialog"
          onClose={() => setAdopting(null)}
        />
      ) : null}
    </>
  );
}
