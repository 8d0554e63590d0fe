import { IdcardOutlined } from '@ant-design/icons';
import { Button, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SettingsDialog } from '@/shared/ui/settings-dialog';
import { SettingsItem } from '@/shared/ui/settings-list';
import { useRealNameStatus } from '../api/get-real-name-status';
import { RealNameForm } from './real-name-form';

/**
 * The real-name row of the security settings: the masked record once verified, otherwise the attempts left in 24
 * hours and a dialog with the form.
 */
export function RealNameSetting() {
  const { t } = useTranslation('realName');
  const status = useRealNameStatus();
  const record = status.data;
  const verified = record?.status === '1';
  const [open, setOpen] = useState(false);

  const state = () => {
    if (!record) {
      return <Skeleton.Input active size="small" />;
    }
    if (verified) {
      return (
        <span data-testid="realname-record">
          {t('stateVerified')} <span data-testid="realname-record-name">{record.realName}</span>{' '}
          <span data-testid="realname-record-id-card">{record.idCard}</span>
        </span>
      );
    }
    return t('stateUnverified');
  };

  return (
    <>
      <SettingsItem
        id="realname"
        prefix="security"
        icon={<IdcardOutlined />}
        title={t('title')}
        state={state()}
        action={
          record && !verified ? (
            <Button type="primary" onClick={() => setOpen(true)} data-testid="security-action-realname">
              {t('start')}
            </Button>
          ) : undefined
        }
      />
      <SettingsDialog open={open} onClose={() => setOpen(false)} title={t('title')} testId="security-dialog-realname">
        {record ? <RealNameForm record={record} onVerified={() => setOpen(false)} /> : null}
      </SettingsDialog>
    </>
  );
}
