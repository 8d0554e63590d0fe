import { ConsultationService } from '@suanli/contract';
import { Badge, Button, Flex, Tag, Typography, type BadgeProps, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTime } from '@/shared/ui/date-time';
import { DeskTable } from '@/shared/ui/desk-table';
import { consultationsCsv } from './support-csv';
import {
  useConsultationPages,
  useHandleConsultation,
  useMoveConsultation,
  type ConsultationFilters,
  type ConsultationMove,
  type ConsultationPage,
  type ConsultationRow,
  type ConsultationState,
} from '../api/consultations';
import { useAdminSupportTranslation } from '../use-admin-support-translation';
import { ReasonDialog } from '@/shared/ui/reason-dialog';
import { ConsultationTimeline } from './consultation-timeline';
import { StateFilter } from './state-filter';

// Spelled out: the browser's contract carries endpoints' paths only, not their schemas' values.
const STATES: readonly ConsultationState[] = ['pending', 'handled', 'converted', 'closed'];
// A badge's dot carries the colour and its text stays in the body's, which keeps the contrast a coloured tag lacks.
const STATE_BADGES: Record<ConsultationState, BadgeProps['status']> = {
  pending: 'warning',
  handled: 'processing',
  converted: 'success',
  closed: 'default',
};
/** Where a lead may go from each state; the first call out of pending is "Mark handled". */
const MOVES: Record<ConsultationState, readonly ConsultationMove[]> = {
  pending: ['closed'],
  handled: ['converted', 'closed'],
  converted: ['closed'],
  closed: [],
};

/**
 * Business consultation leads, oldest first: whom to call, marking one handled with a note of the contact, then
 * converted or closed, and the timeline of notes operators wrote about it.
 */
export function ConsultationsTable() {
  const { t } = useAdminSupportTranslation();
  const { t: tc } = useTranslation('contract');
  const paged = useConsultationPages();
  const handle = useHandleConsultation();
  const move = useMoveConsultation();
  const [handling, setHandling] = useState<ConsultationRow | null>(null);
  const [moving, setMoving] = useState<{ lead: ConsultationRow; state: ConsultationMove } | null>(null);
  const [reading, setReading] = useState<ConsultationRow | null>(null);
  const state = paged.params.state ?? 'pending';

  const columns: TableColumnsType<ConsultationRow> = [
    { key: 'time', title: t('consultations.columns.time'), render: (_, row) => <DateTime value={row.createTime} /> },
    {
      key: 'contact',
      title: t('consultations.columns.contact'),
      render: (_, row) => (
        <Flex vertical>
          <Typography.Text strong>{row.name}</Typography.Text>
          <Typography.Text>{`${row.company} · ${row.position}`}</Typography.Text>
          <Typography.Text copyable>{row.phone}</Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'services',
      title: t('consultations.columns.services'),
      render: (_, row) =>
        row.services.map((service) => <Tag key={service}>{tc(ConsultationService.labelKey(service))}</Tag>),
    },
    {
      key: 'requirement',
      title: t('consultations.columns.requirement'),
      render: (_, row) => row.requirement || '—',
    },
    {
      key: 'state',
      title: t('consultations.columns.state'),
      render: (_, row) => (
        <Flex vertical>
          <Badge status={STATE_BADGES[row.state]} text={t(`consultations.states.${row.state}`)} />
          {row.handledAt ? <DateTime value={row.handledAt} /> : null}
        </Flex>
      ),
    },
    {
      key: 'actions',
      title: t('consultations.columns.actions'),
      render: (_, row) => (
        <Flex gap={8} wrap>
          {row.state === 'pending' ? (
            <Button
              size="small"
              type="primary"
              onClick={() => setHandling(row)}
              data-testid={`consultation-handle-${row.id}`}
            >
              {t('consultations.handle')}
            </Button>
          ) : null}
          {MOVES[row.state].map((state) => (
            <Button
              key={state}
              size="small"
              onClick={() => setMoving({ lead: row, state })}
              data-testid={`consultation-move-${state}-${row.id}`}
            >
              {t(`consultations.moves.${state}`)}
            </Button>
          ))}
          <Button size="small" type="link" onClick={() => setReading(row)} data-testid={`consultation-notes-${row.id}`}>
            {t('consultations.notes', { count: row.notes })}
          </Button>
        </Flex>
      ),
    },
  ];

  return (
    <>
      <DeskTable<ConsultationPage, ConsultationFilters>
        label={t('consultations.title')}
        minWidth={1100}
        toolbar={
          <StateFilter
            states={STATES}
            value={state}
            onChange={(next) => paged.change({ filters: { state: next } })}
            label={t('consultations.stateFilter')}
            labelOf={(value) => t(`consultations.states.${value}`)}
            testIdPrefix="consultation-state"
          />
        }
        csvExport={{
          fileName: t('consultations.csv.fileName'),
          csv: (rows) => consultationsCsv(rows, t, tc),
          testId: 'consultations-export',
        }}
        paged={paged}
        rowKey="id"
        columns={columns}
        emptyText={t(`consultations.empty.${state}`)}
        data-testid="consultations-table"
      />
      {handling ? (
        <ReasonDialog
          title={t('consultations.handleTitle', { name: handling.name, company: handling.company })}
          okText={t('consultations.handle')}
          doneText={t('consultations.handleDone')}
          reasonLabel={t('consultations.handleReason')}
          onSubmit={({ reason }) => handle.mutateAsync({ id: handling.id, reason })}
          testId="reason-dialog"
          onClose={() => setHandling(null)}
        />
      ) : null}
      {moving ? (
        <ReasonDialog
          title={t(`consultations.moveTitles.${moving.state}`, {
            name: moving.lead.name,
            company: moving.lead.company,
          })}
          okText={t(`consultations.moves.${moving.state}`)}
          doneText={t('consultations.moveDone')}
          reasonLabel={t('consultations.moveReason')}
          onSubmit={({ reason }) =>
            move.mutateAsync({ id: moving.lead.id, state: moving.state, version: moving.lead.version, reason })
          }
          testId="reason-dialog"
          onClose={() => setMoving(null)}
        />
      ) : null}
      {reading ? <ConsultationTimeline lead={reading} onClose={() => setReading(null)} /> : null}
    </>
  );
}
