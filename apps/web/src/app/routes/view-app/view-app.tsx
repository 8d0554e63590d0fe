import { Button, Typography } from 'antd';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoginDialog } from '@/shared/stores/login-dialog-store';
import { useSession } from '@/shared/stores/session-store';
import { lazyWithTimeout } from '@/shared/ui/lazy-with-timeout';
import { PageHeader } from '@/shared/ui/page-header';

// Only a signed-in user sees an application, so a guest's first load of this open page carries none of it.
const OwnApplication = lazyWithTimeout(() => import('./own-application'));

/**
 * Spec §2 `/viewApp?id=`: one application on a page of its own, outside the console's menus. It is open to guests
 * as the spec lists it, so a guest is asked to log in and comes back here.
 */
export default function ViewAppPage() {
  const { t } = useTranslation('routes');
  const signedIn = useSession((state) => state.isLogin);
  if (signedIn) {
    return (
      <Suspense fallback={<PageHeader title={t('viewApp.title')} />}>
        <OwnApplication />
      </Suspense>
    );
  }
  const login = () => useLoginDialog.getState().showThenContinue(`${location.pathname}${location.search}`);
  return (
    <>
      <PageHeader title={t('viewApp.title')} />
      <Typography.Paragraph>
        <Button type="primary" onClick={login} data-testid="app-view-login">
          {t('layout:header.login')}
        </Button>
      </Typography.Paragraph>
    </>
  );
}
