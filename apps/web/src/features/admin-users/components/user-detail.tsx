import { OperatorArea, RoleKey, VerifiedStatus } from '@suanli/contract';
import { Button, Descriptions, Empty, Flex, Spin, Typography } from 'antd';
import { useState } from 'react';
import { DateTime } from '@/shared/ui/date-time';
import { useUserDetail } from '../api/users-reads';
import { useAdminUsersTranslation } from '../use-admin-users-translation';
import { LockDialog, RoleDialog } from './user-dialogs';
import { UserHistory } from './user-history';

type Dialog = 'lock' | 'grant' | 'revoke' | null;

/**
 * One account: who it is, its wallet, its real name (masked by the server), roles, areas and lock; lock and unlock for
 * the support desk, roles for administrators (`canChangeRoles`); then its ledger, orders and applications.
 */
export function UserDetail({ userId, canChangeRoles }: { userId: string; canChangeRoles: boolean }) {
  const { t } = useAdminUsersTranslation();
  const detail = useUserDetail(userId);
  const [dialog, setDialog] = useState<Dialog>(null);
  if (detail.isPending) {
    return <Spin />;
  }
  if (!detail.data) {
    return <Empty description={t('notFound')} />;
  }
  const { user, wallet, realName, operatorAreas } = detail.data;
  const locked = user.state === 'locked';
  const none = '—';
  return (
    <>
      <Flex gap={8} wrap style={{ marginBottom: 12 }}>
        <Button danger={!locked} onClick={() => setDialog('lock')} data-testid={locked ? 'user-unlock' : 'user-lock'}>
          {t(locked ? 'actions.unlock' : 'actions.lock')}
        </Button>
        {canChangeRoles ? (
          <>
            <Button onClick={() => setDialog('grant')} data-testid="user-grant-role">
              {t('actions.grantRole')}
            </Button>
            <Button onClick={() => setDialog('revoke')} data-testid="user-revoke-role">
              {t('actions.revokeRole')}
            </Button>
          </>
        ) : null}
      </Flex>
      <Descriptions bordered size="small" column={{ xs: 1, md: 2 }} data-testid="user-detail">
        <Descriptions.Item label={t('columns.nickName')}>{user.nickName}</Descriptions.Item>
        <Descriptions.Item label={t('columns.userId')}>{user.userId}</Descriptions.Item>
        <Descriptions.Item label={t('detail.phone')}>{user.phone ?? none}</Descriptions.Item>
        <Descriptions.Item label={t('detail.email')}>{user.email ?? none}</Descriptions.Item>
        <Descriptions.Item label={t('columns.state')}>
          <span data-testid="user-state">{t(`states.${user.state}`)}</span>
          {user.lockedReason ? ` (${user.lockedReason})` : null}
        </Descriptions.Item>
        <Descriptions.Item label={t('detail.vipGrade')}>{`VIP ${user.vipGrade}`}</Descriptions.Item>
        <Descriptions.Item label={t('columns.roles')}>
          <span data-testid="user-roles">
            {user.roles.map((role) => t(`contract:${RoleKey.labelKey(role)}`)).join(', ')}
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={t('detail.areas')}>
          {operatorAreas.map((area) => t(`contract:${OperatorArea.labelKey(area)}`)).join(', ') || none}
        </Descriptions.Item>
        <Descriptions.Item label={t('detail.balance')}>{wallet.balance}</Descriptions.Item>
        <Descriptions.Item label={t('detail.voucher')}>{wallet.voucher}</Descriptions.Item>
        <Descriptions.Item label={t('detail.earnings')}>{wallet.earnings}</Descriptions.Item>
        <Descriptions.Item label={t('detail.held')}>{wallet.held}</Descriptions.Item>
        <Descriptions.Item label={t('detail.realName')}>
          {t(`contract:${VerifiedStatus.labelKey(realName.status)}`)}
          {realName.realName ? ` · ${realName.realName}` : null}
          {realName.idCard ? <span data-testid="user-id-card">{` · ${realName.idCard}`}</span> : null}
        </Descriptions.Item>
        <Descriptions.Item label={t('detail.createdAt')}>
          <DateTime value={user.createdAt} />
        </Descriptions.Item>
      </Descriptions>
      <Typography.Title level={2} style={{ fontSize: 18, marginTop: 24 }}>
        {t('history.title')}
      </Typography.Title>
      <UserHistory userId={userId} />
      {dialog === 'lock' ? (
        <LockDialog userId={userId} name={user.nickName} lock={!locked} onClose={() => setDialog(null)} />
      ) : null}
      {dialog === 'grant' || dialog === 'revoke' ? (
        <RoleDialog userId={userId} change={dialog} onClose={() => setDialog(null)} />
      ) : null}
    </>
  );
}
