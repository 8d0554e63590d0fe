import { RoleKey } from '@suanli/contract';
import { Form, Select } from 'antd';
import { ReasonDialog } from '@/shared/ui/reason-dialog';
import { useLockChange, useRoleChange, type DeskRole } from '../api/users-changes';
import { useAdminUsersTranslation } from '../use-admin-users-translation';

const DESK_ROLES: DeskRole[] = ['education', 'kol', 'creator'];

/** Locks an account, which ends its sessions, or unlocks it. */
export function LockDialog({
  userId,
  name,
  lock,
  onClose,
}: {
  userId: string;
  name: string;
  lock: boolean;
  onClose(): void;
}) {
  const { t } = useAdminUsersTranslation();
  const change = useLockChange();
  const verb = lock ? 'lock' : 'unlock';
  return (
    <ReasonDialog
      title={t(`actions.${verb}`)}
      description={t(`actions.${verb}Confirm`, { name })}
      okText={t(`actions.${verb}`)}
      doneText={t(`actions.${verb}Done`, { name })}
      danger={lock}
      onSubmit={({ reason }) => change.mutateAsync({ userId, lock, reason })}
      onClose={onClose}
      testId="user-lock-dialog"
    />
  );
}

/** Grants or revokes an education, KOL or creator role. */
export function RoleDialog({
  userId,
  change,
  onClose,
}: {
  userId: string;
  change: 'grant' | 'revoke';
  onClose(): void;
}) {
  const { t } = useAdminUsersTranslation();
  const roleChange = useRoleChange();
  return (
    <ReasonDialog<{ role: DeskRole }>
      title={t(`actions.${change}Role`)}
      okText={t(`actions.${change}Role`)}
      doneText={t(`actions.${change}RoleDone`)}
      danger={change === 'revoke'}
      onSubmit={(values) => roleChange.mutateAsync({ userId, change, ...values })}
      onClose={onClose}
      testId="user-role-dialog"
    >
      <Form.Item name="role" label={t('actions.role')} rules={[{ required: true, message: t('actions.role') }]}>
        <Select
          options={DESK_ROLES.map((role) => ({ value: role, label: t(`contract:${RoleKey.labelKey(role)}`) }))}
          data-testid="user-role-select"
        />
      </Form.Item>
    </ReasonDialog>
  );
}
