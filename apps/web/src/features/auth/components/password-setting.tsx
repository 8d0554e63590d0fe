import { LockOutlined } from '@ant-design/icons';
import { Button, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SettingsDialog } from '@/shared/ui/settings-dialog';
import { SettingsItem } from '@/shared/ui/settings-list';
import { useHasPassword } from '../api/get-is-pwd';
import { PasswordForm } from './password-form';

/** The password row of the security settings: set or not, and a dialog to set or change it. */
export function PasswordSetting() {
  const { t } = useTranslation('auth');
  const hasPassword = useHasPassword();
  const [open, setOpen] = useState(false);
  const set = hasPassword.data === true;
  const title = set ? t('security.password.changeTitle') : t('security.password.setTitle');
  return (
    <>
      <SettingsItem
        id="password"
        prefix="security"
        icon={<LockOutlined />}
        title={t('security.password.title')}
        state={
          hasPassword.isPending ? (
            <Skeleton.Input active size="small" />
          ) : (
            t(set ? 'security.password.stateSet' : 'security.password.stateUnset')
          )
        }
        action={
          <Button onClick={() => setOpen(true)} disabled={hasPassword.isPending} data-testid="security-action-password">
            {t(set ? 'security.change' : 'security.set')}
          </Button>
        }
      />
      <SettingsDialog open={open} onClose={() => setOpen(false)} title={title} testId="security-dialog-password">
        <PasswordForm hasPassword={set} onDone={() => setOpen(false)} />
      </SettingsDialog>
    </>
  );
}
