import { ConsultationService } from '@suanli/contract';
import { Button, Flex, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTime } from '@/shared/ui/date-time';
import { PagedTable } from '@/shared/ui/paged-table';
import { ScrollRegion } from '@/shared/ui/scroll-region';
import {
  useConsultationPages,
  useHandleConsultation,
  type ConsultationFilters,
  type ConsultationPage,
  type ConsultationRow,
  type ConsultationState,
} from '../api/consultations';
import { useAdminSupportTranslation } from '../use-admin-support-translation';
import { ReasonDialog } from '@/shared/ui/reason-dialog';
import { StateFilter } from './state-filter';

const STATES: readonly ConsultationState[] = ['pending', 'handled'];

/** Business consultation leads, oldest first: whom to call, and marking one handled with a note of the contact. */
export function ConsultationsTable() {
  const { t } = useAdminSupportTranslation();
  const { t: tc } = useTranslation('contract');
  const paged = useConsultationPages();
  const handle = useHandleConsultation();
  const [handling, setHandling] = useState<ConsultationRow | null>(null);
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
      render: (_, row) =>
        row.state === 'handled' ? (
          <Flex vertical>
            <Tag color="success">{t('consultations.states.handled')}</Tag>
            {row.handledAt ? <DateTime value={row.handledAt} /> : null}
          </Flex>
        ) : (
          <Button
            size="small"
            type="primary"
            onClick={() => setHandling(row)}
            data-testid={`consultation-handle-${row.id}`}
          >
            {t('consultations.handle')}
          </Button>
        ),
    },
  ];

  return (
    <>
      <StateFilter
        states={STATES}
        value={state}
        onChange={(next) => paged.change({ filters: { state: next } })}
        label={t('consultations.stateFilter')}
        labelOf={(value) => t(`consultations.states.${value}`)}
        testIdPrefix="consultation-state"
      />
      <ScrollRegion label={t('consultations.title')} minWidth={900}>
        <PagedTable<ConsultationPage, ConsultationFilters>
          paged={paged}
          rowKey="id"
          columns={columns}
          emptyText={t(`consultations.empty.${state}`)}
          data-testid="consultations-table"
        />
      </ScrollRegion>
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
    </>
  );
}
