import { Alert, Modal, Skeleton, Typography } from 'antd';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoginDialog } from '@/shared/stores/login-dialog-store';
import { lazyWithTimeout } from '@/shared/ui/lazy-with-timeout';
import { MountedOnceOpened } from '@/shared/ui/mounted-once-opened';
import { BenefitDialog } from './benefit-dialog';

// The forms behind the tabs are heavy and most visits never open the dialog, so they load on first opening.
const LoginDialogBody = lazyWithTimeout(() => import('./login-dialog-body'));

/**
 * The global login dialog of spec §2, opened over any page by the header, the guard and the HTTP client, with the
 * benefit notice that may follow a login. When a session ended (a 401), it says so first (issue 9).
 */
export function LoginDialog() {
  const { t } = useTranslation('auth');
  const open = useLoginDialog((state) => state.open);
  const reason = useLoginDialog((state) => state.reason);
  const hide = useLoginDialog((state) => state.hide);
  return (
    <>
      <MountedOnceOpened open={open}>
        <Modal open={open} onCancel={hide} footer={null} title={t('dialog.title')} destroyOnHidden width={420}>
          <div data-testid="login-dialog">
            {reason === 'sessionEnded' ? (
              <Alert
                type="warning"
                showIcon
                title={t('dialog.sessionEnded')}
                style={{ marginBottom: 12 }}
                data-testid="login-session-ended"
              />
            ) : null}
            <Typography.Paragraph type="secondary" data-testid="login-dialog-note">
              {t('dialog.note')}
            </Typography.Paragraph>
            <Suspense fallback={<Skeleton active />}>
              <LoginDialogBody />
            </Suspense>
          </div>
        </Modal>
      </MountedOnceOpened>
      <BenefitDialog />
    </>
  );
}
