import { MailOutlined, MobileOutlined } from '@ant-design/icons';
import { Button, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SettingsDialog } from '@/shared/ui/settings-dialog';
import { SettingsItem } from '@/shared/ui/settings-list';
import { useCurrentUser } from '../api/get-user-info';
import { ContactChangeForm, type ContactKind } from './contact-change-form';

const ICONS = { phone: <MobileOutlined />, email: <MailOutlined /> };

/**
 * The phone or e-mail row of the security settings: the masked current one, or "not bound", and a dialog to bind or
 * change it. While the user loads the state is a placeholder, never a "not bound" that is not true (issue 9).
 */
export function ContactSetting({ kind }: { kind: ContactKind }) {
  const { t } = useTranslation('auth');
  const user = useCurrentUser();
  const [open, setOpen] = useState(false);
  const current = user.data?.[kind] ?? null;
  const text = (key: string) => t(`security.contact.${kind}.${key}`);
  const title = text(current ? 'changeTitle' : 'bindTitle');
  return (
    <>
      <SettingsItem
        id={kind}
        prefix="security"
        icon={ICONS[kind]}
        title={text('title')}
        state={user.isPending ? <Skeleton.Input active size="small" /> : (current ?? text('none'))}
        action={
          <Button onClick={() => setOpen(true)} disabled={user.isPending} data-testid={`security-action-${kind}`}>
            {t(current ? 'security.change' : 'security.bind')}
          </Button>
        }
      />
      <SettingsDialog open={open} onClose={() => setOpen(false)} title={title} testId={`security-dialog-${kind}`}>
        <ContactChangeForm kind={kind} current={current} onDone={() => setOpen(false)} />
      </SettingsDialog>
    </>
  );
}
