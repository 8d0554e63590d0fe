import { Badge, Button, Flex, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { DateTime } from '@/shared/ui/date-time';
import { DeskTable } from '@/shared/ui/desk-table';
import { ReasonDialog } from '@/shared/ui/reason-dialog';
import {
  useChangePartner,
  usePartnerPages,
  type PartnerFilters,
  type PartnerPage,
  type PartnerQualification,
  type PartnerRow,
} from '../api/partners';
import { useAdminSupportTranslation } from '../use-admin-support-translation';
import { StateFilter } from './state-filter';

type Choice = PartnerQualification | 'all';
// Spelled out: the browser's contract carries endpoints' paths only, not their schemas' values.
const CHOICES: readonly Choice[] = ['all', 'active', 'revoked'];

/**
 * The KOL and creator programme's partners (users join it themselves: there is no application to approve), latest
 * first, each revoked for abuse or restored from its row with the reason the audit log keeps.
 */
export function PartnersTable() {
  const { t } = useAdminSupportTranslation();
  const paged = usePartnerPages();
  const change = useChangePartner();
  const [changing, setChanging] = useState<PartnerRow | null>(null);
  const status = paged.params.status ?? 'all';

  const columns: TableColumnsType<PartnerRow> = [
    { key: 'userId', title: t('partners.columns.userId'), dataIndex: 'userId' },
    { key: 'joinedAt', title: t('partners.columns.joinedAt'), render: (_, row) => <DateTime value={row.joinedAt} /> },
    {
      key: 'ratio',
      title: t('partners.columns.ratio'),
      render: (_, row) => `${(row.kolRatioBasisPoints / 100).toFixed(2)} %`,
    },
    { key: 'invitees', title: t('partners.columns.invitees'), dataIndex: 'invitees' },
    {
      key: 'status',
      title: t('partners.columns.status'),
      render: (_, row) => (
        <Flex vertical>
          <Badge
            status={row.status === 'active' ? 'success' : 'error'}
            text={t(`partners.qualifications.${row.status}`)}
          />
          {row.revokedReason ? <Typography.Text type="secondary">{row.revokedReason}</Typography.Text> : null}
        </Flex>
      ),
    },
    {
      key: 'actions',
      title: t('partners.columns.actions'),
      render: (_, row) => (
        <Button
          size="small"
          danger={row.status === 'active'}
          onClick={() => setChanging(row)}
          data-testid={`partner-row-${row.status === 'active' ? 'revoke' : 'restore'}-${row.userId}`}
        >
          {row.status === 'active' ? t('partners.revoke') : t('partners.restore')}
        </Button>
      ),
    },
  ];

  const revoking = changing?.status === 'active';
  return (
    <>
      <DeskTable<PartnerPage, PartnerFilters>
        label={t('partners.title')}
        minWidth={760}
        toolbar={
          <StateFilter<Choice>
            states={CHOICES}
            value={status}
            onChange={(next) => paged.change({ filters: { status: next === 'all' ? undefined : next } })}
            label={t('partners.qualificationFilter')}
            labelOf={(value) => t(`partners.qualifications.${value}`)}
            testIdPrefix="partner-status"
          />
        }
        paged={paged}
        rowKey="userId"
        columns={columns}
        emptyText={t(`partners.empty.${status}`)}
        data-testid="partners-table"
      />
      {changing ? (
        <ReasonDialog
          title={t(revoking ? 'partners.revokeTitle' : 'partners.restoreTitle', { userId: changing.userId })}
          description={revoking ? t('partners.revokeContent') : undefined}
          okText={revoking ? t('partners.revoke') : t('partners.restore')}
          doneText={t(revoking ? 'partners.revoked' : 'partners.active', { userId: changing.userId })}
          danger={revoking}
          onSubmit={({ reason }) =>
            change.mutateAsync({ verb: revoking ? 'revoke' : 'restore', userId: changing.userId, reason })
          }
          onClose={() => setChanging(null)}
          testId="partner-dialog"
        />
      ) : null}
    </>
  );
}
